#!/usr/bin/env node
// `npm start`: serves the built product — the API (API_PORT, default 4000) and the web app
// (PORT, default 3000), data under DATA_DIR (default ./.data). Ctrl-C or SIGTERM stops both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiBundle = path.join(root, 'apps/api/dist/server.js');
const webBuild = path.join(root, 'apps/web', process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
// Development aid: API_FROM_SOURCE=1 runs the API from TypeScript (tsx) instead of the bundle.
const apiFromSource = process.env.API_FROM_SOURCE === '1';

if ((!apiFromSource && !existsSync(apiBundle)) || !existsSync(webBuild)) {
  console.error('The product is not built yet: run `npm run build` first (or `npm run demo`).');
  process.exit(1);
}

const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  PORT: process.env.PORT ?? '3000',
  API_PORT: process.env.API_PORT ?? '4000',
  DATA_DIR: path.resolve(process.env.DATA_DIR ?? path.join(root, '.data')),
};
env.API_INTERNAL_URL ??= `http://127.0.0.1:${env.API_PORT}`;
// Local runs are plain http; a deployment behind TLS sets PUBLIC_ORIGIN to its https origin.
env.COOKIE_SECURE ??= env.PUBLIC_ORIGIN?.startsWith('https://') ? 'true' : 'false';

const children = [];
let stopping = false;

function run(name, args, cwd) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] stopped unexpectedly (${signal ?? code}); stopping the product.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

async function waitForApi(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${env.API_INTERNAL_URL}/api/health`);
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 12_000);
  force.unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run(
  'api',
  apiFromSource ? ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')] : [apiBundle],
  path.join(root, 'apps/api'),
);
if (!(await waitForApi(120_000))) {
  console.error('The API did not become healthy within 120 s.');
  stop(1);
} else {
  run('web', [path.join(root, 'apps/web/server.mjs')], path.join(root, 'apps/web'));
  console.log(`«Магистраль» is starting at http://localhost:${env.PORT}`);
}
