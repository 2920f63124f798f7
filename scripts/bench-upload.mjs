#!/usr/bin/env node
// `npm run bench:upload`: sends one 1 GiB file (a PNG header followed by filler, generated on the
// fly and streamed, never held in memory) as a bug report to an API, and prints how much the API
// process's resident memory grew at its peak. Goal: at most 100 MB.
//
// By default it starts its own API (the built bundle, or the sources with API_FROM_SOURCE=1) on a
// free loopback port with a throw-away DATA_DIR. To measure an API that is already running, set
// BENCH_API_URL=http://127.0.0.1:4000 and BENCH_API_PID=<its process id>.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { freePort, waitFor } from './lib/net.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILE_BYTES = 1_073_741_824;
const GOAL_MB = 100;
const BOUNDARY = '----magistral-bench-boundary';

function rssKiB(pid, field = 'VmRSS') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : NaN;
}

function pngHead(width, height) {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8;
  data[9] = 2;
  const body = Buffer.concat([Buffer.from('IHDR'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, body, crc]);
}

async function startApi() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-upload-'));
  const port = await freePort();
  const bundle = path.join(root, 'apps/api/dist/server.js');
  const fromSource = process.env.API_FROM_SOURCE === '1' || !existsSync(bundle);
  const args = fromSource ? ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')] : [bundle];
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, 'apps/api'),
    env: { ...process.env, NODE_ENV: 'production', API_PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, 60_000);
  return {
    url,
    pid: child.pid,
    source: fromSource ? 'sources (tsx)' : 'bundle',
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function send(url, cookie, onProgress) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const png = pngHead(4000, 3000);
  const filler = Buffer.alloc(1024 * 1024, 0x5a);
  const query = new URLSearchParams({
    text: 'Замер памяти при загрузке 1 ГБ',
    contact: 'bench@example.ru',
    policy_agreement: 'true',
  });
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/v1/duty_bug_report/?${query}`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + FILE_BYTES + tail.length),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      if (sent === 0) {
        req.write(head);
        req.write(png);
        sent = png.length;
      }
      while (sent < FILE_BYTES) {
        const n = Math.min(filler.length, FILE_BYTES - sent);
        sent += n;
        onProgress(sent);
        if (!req.write(n === filler.length ? filler : filler.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
}

const external = process.env.BENCH_API_URL;
const api = external
  ? {
      url: external.replace(/\/+$/, ''),
      pid: Number(process.env.BENCH_API_PID),
      source: 'running',
      stop: async () => {},
    }
  : await startApi();

try {
  if (!Number.isInteger(api.pid) || !existsSync(`/proc/${api.pid}/status`)) {
    throw new Error('Set BENCH_API_PID to the process id of the API at BENCH_API_URL (memory is read from /proc).');
  }
  const session = await fetch(`${api.url}/api/v1/authorization/anonymous_token`);
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie.startsWith('auth_token=')) throw new Error(`No session from ${api.url}: ${session.status}`);

  // Let start-up garbage settle, then reset the kernel's peak counter (VmHWM) to the current RSS.
  await new Promise((r) => setTimeout(r, 1500));
  const baseline = rssKiB(api.pid);
  try {
    writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
  } catch {
    // Not permitted: the sampled maximum below still stands.
  }
  let sampledPeak = baseline;
  const sampler = setInterval(() => {
    const now = rssKiB(api.pid);
    if (now > sampledPeak) sampledPeak = now;
  }, 20);

  const started = Date.now();
  let lastPrint = 0;
  const result = await send(api.url, cookie, (sent) => {
    if (process.stdout.isTTY && Date.now() - lastPrint > 500) {
      lastPrint = Date.now();
      process.stdout.write(`\r  sent ${(sent / 1_048_576).toFixed(0)} MiB`);
    }
  });
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  if (process.stdout.isTTY) process.stdout.write('\r');
  const hwm = rssKiB(api.pid, 'VmHWM');
  const peak = Math.max(sampledPeak, Number.isFinite(hwm) ? hwm : 0);
  const growthMB = (peak - baseline) / 1024;

  console.log(`API: ${api.url} (${api.source}, pid ${api.pid})`);
  console.log(
    `Upload: 1 file of ${FILE_BYTES} bytes in ${seconds.toFixed(1)} s (${(FILE_BYTES / 1_048_576 / seconds).toFixed(0)} MiB/s) → HTTP ${result.status}`,
  );
  console.log(`API resident memory: ${(baseline / 1024).toFixed(1)} MB before, ${(peak / 1024).toFixed(1)} MB at peak`);
  console.log(
    `Peak resident-memory growth: ${growthMB.toFixed(1)} MB (goal ≤ ${GOAL_MB} MB): ${growthMB <= GOAL_MB ? 'OK' : 'OVER THE GOAL'}`,
  );
  if (result.status !== 201) {
    console.error(`The upload was not accepted: ${result.body}`);
    process.exitCode = 1;
  }
} finally {
  await api.stop();
}
