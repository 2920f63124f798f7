import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitFor(url: string, timeoutMs: number, accept = (r: Response) => r.ok): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (accept(response)) return;
      last = response.status;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms (last: ${String(last)})`);
}

export interface RunningStack {
  baseUrl: string;
  apiUrl: string;
  dataDir: string;
  /** Stops both processes with SIGTERM; resolves with the start script's exit code. */
  stop(): Promise<number | null>;
}

export function stopChild(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

/**
 * Starts the built product exactly as `npm start` does, on free ports with a fresh DATA_DIR
 * (embedded PGlite), demo mode and test routes on.
 */
export async function startStack(
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string; keepData?: boolean } = {},
): Promise<RunningStack> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'magistral-e2e-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      DEMO_MODE: '1',
      ENABLE_TEST_ROUTES: '1',
      LOG_LEVEL: 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitFor(`${baseUrl}/api/ready`, 120_000);
    await waitFor(`${baseUrl}/`, 60_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    baseUrl,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    dataDir,
    stop: async () => {
      const code = await stopChild(child);
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Only the web process, pointed at an API port where nothing listens: "the API is down". */
export async function startWebWithoutApi(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const [port, deadApiPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/web/server.mjs')], {
    cwd: path.join(ROOT, 'apps/web'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      API_PORT: String(deadApiPort),
      API_INTERNAL_URL: `http://127.0.0.1:${deadApiPort}`,
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://localhost:${port}`;
  await waitFor(`${baseUrl}/`, 60_000, (r) => r.status < 500);
  return {
    baseUrl,
    stop: async () => {
      await stopChild(child);
    },
  };
}

/**
 * One more API process of the built product (apps/api/dist/server.js), e.g. a second instance on
 * the same PostgreSQL database as a stack started with DATABASE_URL.
 */
export async function startApi(env: Record<string, string>): Promise<{ apiUrl: string; stop(): Promise<void> }> {
  const apiPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'magistral-e2e-api-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_PORT: String(apiPort),
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DEMO_MODE: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  try {
    await waitFor(`${apiUrl}/api/health`, 120_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    apiUrl,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
