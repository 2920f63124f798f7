#!/usr/bin/env node
// `npm run bench:upload`: two measurements of the bug-report upload (decision 007).
//
// 1. Memory: one valid PNG at the pixel limit (a header, then rows of random pixels in stored
//    deflate blocks, generated on the fly and streamed, never held whole in memory) is sent as a
//    bug report; prints how much the resident memory of the API's processes (the API and the
//    upload process that receives bug-report bodies, summed) grew at its peak while it was
//    received, checked and re-encoded. Goal: at most 100 MB.
// 2. Latency under uploads (issue #20, finding 9): the p99 of a cheap call (GET /api/health, or
//    BENCH_PROBE_PATH) on its own, then while ten ~20 MB images (half JPEG, half PNG, random
//    pixels) are uploaded in parallel; prints both, their ratio and whether the ratio is within the
//    goal of 2×. BENCH_ROUNDS (3) rounds of "alone, then during" are pooled, so that a change in
//    the machine's other load between the two windows weighs less; each round is printed too.
//    The prober is a worker thread sending one request at a time on a keep-alive connection every
//    5 ms. The uploads come from a child process at a lower CPU priority (nice 10): they stand for
//    remote clients, whose CPU is not the server's, and must not delay the prober's requests.
//
// By default it starts its own API (the built bundle, or the sources with API_FROM_SOURCE=1) on a
// free loopback port with a throw-away DATA_DIR. To measure an API that is already running, set
// BENCH_API_URL=http://127.0.0.1:4000 and BENCH_API_PID=<its process id>. BENCH_ONLY=memory or
// BENCH_ONLY=latency runs one part; BENCH_UPLOADS (10) and BENCH_UPLOAD_MB (20) size the second;
// BENCH_PROBE_SECONDS (5) is how long the call is measured on its own in each round.
// BENCH_CLIENT_MBPS gives each uploading client a line of that many Mbit/s (default: none, the
// uploads arrive as fast as loopback carries them, ~200 MB in about a second, far faster than
// ten clients on the internet would send them).
// BENCH_PIN=1 pins the API to CPU 1 and this script (prober and uploader) to CPU 0 with taskset,
// so that server and clients do not compete for a core. The machine's load average is printed.
// BENCH_CPU_PROF=<dir> runs the API with `node --cpu-prof` and leaves its profile in <dir>.
import { execFileSync, fork, spawn } from 'node:child_process';
import { randomBytes, randomFillSync } from 'node:crypto';
import { existsSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { crc32, deflateSync } from 'node:zlib';
import { freePort, waitFor } from './lib/net.mjs';

const BOUNDARY = '----magistral-bench-boundary';

// ---------------------------------------------------------------------------------------------
// The prober (worker thread): GET the probe URL one request at a time until told to stop.
if (!isMainThread) {
  const { url } = workerData;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let collecting = null;
  let running = true;
  parentPort.on('message', (message) => {
    if (message === 'start') collecting = [];
    if (message === 'stop') {
      parentPort.postMessage(collecting ?? []);
      collecting = null;
    }
    if (message === 'exit') running = false;
  });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode }));
        })
        .on('error', reject);
    });
  while (running) {
    const { ms, status } = await once();
    if (status !== 200) throw new Error(`probe answered ${status}`);
    collecting?.push(ms);
    await new Promise((r) => setTimeout(r, 5));
  }
  agent.destroy();
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ONLY = process.env.BENCH_ONLY ?? 'all';
const GOAL_MB = 100;
const GOAL_RATIO = 2;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 20) * 1_048_576;
const PROBE_SECONDS = Number(process.env.BENCH_PROBE_SECONDS ?? 5);
const PROBE_PATH = process.env.BENCH_PROBE_PATH ?? '/api/health';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Each uploading client's line in Mbit/s (0: as fast as loopback takes it). */
const CLIENT_MBPS = Number(process.env.BENCH_CLIENT_MBPS ?? 0);
const PIN = process.env.BENCH_PIN === '1';
/** The memory part's image: at the API's pixel limit (MAX_IMAGE_PIXELS, 50 000 000). */
const BIG_WIDTH = 7070;
const BIG_HEIGHT = 7070;

function rssKiB(pid, field = 'VmRSS') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : NaN;
}

/** `pid` and its descendants (the API and its upload process), from the parent ids in /proc. */
function processTree(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** The summed `field` of the processes in `pids` (a process that is gone counts 0). */
function treeKiB(pids, field = 'VmRSS') {
  let sum = 0;
  for (const pid of pids) {
    try {
      sum += rssKiB(pid, field) || 0;
    } catch {
      // Gone meanwhile.
    }
  }
  return sum;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width, height, colourType) {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8;
  data[9] = colourType;
  return pngChunk('IHDR', data);
}

/**
 * A valid RGBA PNG of random pixels as a generator of buffers, a few rows at a time: the pixel
 * data is one zlib stream of stored (uncompressed) deflate blocks, so its size is known ahead.
 */
function* streamedPng(width, height) {
  yield Buffer.concat([PNG_SIGNATURE, ihdr(width, height, 6)]);
  const rowBytes = 1 + width * 4;
  const rowsPerChunk = Math.max(1, Math.floor(1_048_576 / rowBytes));
  let adler = { a: 1, b: 0 };
  const adlerUpdate = (data) => {
    let { a, b } = adler;
    for (let i = 0; i < data.length; i += 5552) {
      const end = Math.min(data.length, i + 5552);
      for (let j = i; j < end; j += 1) {
        a += data[j];
        b += a;
      }
      a %= 65521;
      b %= 65521;
    }
    adler = { a, b };
  };
  let first = true;
  for (let y = 0; y < height; y += rowsPerChunk) {
    const rows = Math.min(rowsPerChunk, height - y);
    const raw = Buffer.alloc(rows * rowBytes);
    randomFillSync(raw);
    for (let r = 0; r < rows; r += 1) raw[r * rowBytes] = 0; // filter type None
    adlerUpdate(raw);
    const last = y + rows >= height;
    // Stored blocks of at most 65 535 bytes: 1 byte header (BFINAL on the very last), LEN, NLEN.
    const parts = first ? [Buffer.from([0x78, 0x01])] : [];
    first = false;
    for (let offset = 0; offset < raw.length; offset += 65_535) {
      const block = raw.subarray(offset, Math.min(raw.length, offset + 65_535));
      const header = Buffer.alloc(5);
      header[0] = last && offset + block.length >= raw.length ? 1 : 0;
      header.writeUInt16LE(block.length, 1);
      header.writeUInt16LE(~block.length & 0xffff, 3);
      parts.push(header, block);
    }
    if (last) {
      const checksum = Buffer.alloc(4);
      checksum.writeUInt32BE(((adler.b << 16) | adler.a) >>> 0);
      parts.push(checksum);
    }
    yield pngChunk('IDAT', Buffer.concat(parts));
  }
  yield pngChunk('IEND', Buffer.alloc(0));
}

/** A random-pixel PNG of about `bytes` bytes, whole in memory (the latency part sends it ten times). */
function pngOfAbout(bytes) {
  const side = Math.round(Math.sqrt(bytes / 3));
  const raw = Buffer.alloc(side * (1 + side * 3));
  randomFillSync(raw);
  for (let y = 0; y < side; y += 1) raw[y * (1 + side * 3)] = 0;
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(side, side, 2),
    pngChunk('IDAT', deflateSync(raw, { level: 0 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A random-pixel JPEG (quality 100, 4:4:4) of about `bytes` bytes, made with sharp. */
async function jpegOfAbout(bytes) {
  const { default: sharp } = await import('sharp');
  const BYTES_PER_PIXEL = 2.9; // what such noise costs at this quality
  const side = Math.round(Math.sqrt(bytes / BYTES_PER_PIXEL));
  const raw = Buffer.alloc(side * side * 3);
  randomFillSync(raw);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

async function startApi() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-upload-'));
  const port = await freePort();
  const apiLog = openSync(path.join(dataDir, 'api.log'), 'a');
  // BENCH_API_BUNDLE: another build of the bundle (a private tsup outDir inside apps/api).
  const bundle = process.env.BENCH_API_BUNDLE
    ? path.resolve(process.env.BENCH_API_BUNDLE)
    : path.join(root, 'apps/api/dist/server.js');
  const fromSource = process.env.API_FROM_SOURCE === '1' || !existsSync(bundle);
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const args = fromSource
    ? [...profile, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')]
    : [...profile, bundle];
  const [command, commandArgs] = PIN ? ['taskset', ['-c', '1', process.execPath, ...args]] : [process.execPath, args];
  // The default log level, as `npm start` runs it: an inherited LOG_LEVEL does not count.
  const { LOG_LEVEL: _ignored, ...inherited } = process.env;
  const child = spawn(command, commandArgs, {
    cwd: path.join(root, 'apps/api'),
    env: {
      ...inherited,
      NODE_ENV: 'production',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      // The default log level, as `npm start` runs it (each request costs its log lines too); the
      // log goes to a file in DATA_DIR, not to this terminal.
      // The bench's requests carry X-Forwarded-For (one client address per upload, as in real life).
      TRUST_PROXY: 'loopback',
      // Production requires a key; a throw-away API gets a throw-away one.
      CAPTCHA_HMAC_KEY: process.env.CAPTCHA_HMAC_KEY ?? randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', apiLog, apiLog],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the API exited (${code}) before it answered`))),
  );
  exited.catch(() => undefined);
  try {
    // A loaded machine applies the migrations slowly.
    await Promise.race([waitFor(`${url}/api/health`, 240_000), exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
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

/** A client address for the X-Forwarded-For header (TEST-NET-3, never contacted). */
let clients = 0;
const nextClient = () => {
  clients += 1;
  return `203.0.113.${clients % 250}`;
};

async function newSession(url, forwardedFor = nextClient()) {
  const session = await fetch(`${url}/api/v1/authorization/anonymous_token`, {
    headers: { 'x-forwarded-for': forwardedFor },
  });
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie.startsWith('auth_token=')) throw new Error(`No session from ${url}: ${session.status}`);
  return cookie;
}

/**
 * Sends one bug report with one file. `content` is a Buffer or an iterable of Buffers (written
 * with back-pressure); resolves with the status and body of the answer.
 */
function send(url, cookie, file, onProgress = () => {}) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const query = new URLSearchParams({
    text: 'Замер загрузки',
    contact: 'bench@example.ru',
    policy_agreement: 'true',
  });
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/v1/duty_bug_report/?${query}`, {
      method: 'POST',
      headers: {
        cookie,
        ...(file.forwardedFor ? { 'x-forwarded-for': file.forwardedFor } : {}),
        // As a browser sends it: the API refuses a cookie-bearing POST without Origin or Sec-Fetch-Site.
        'sec-fetch-site': 'same-origin',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + file.size + tail.length),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.write(head);
    if (Buffer.isBuffer(file.content) && !(CLIENT_MBPS > 0)) {
      req.end(Buffer.concat([file.content, tail]));
      return;
    }
    if (Buffer.isBuffer(file.content)) {
      // A client on a line of CLIENT_MBPS megabits per second: 64 KiB at a time, on schedule.
      const content = file.content;
      const bytesPerMs = (CLIENT_MBPS * 1_000_000) / 8 / 1000;
      const started = Date.now();
      let offset = 0;
      const paced = () => {
        while (offset < content.length) {
          const due = started + offset / bytesPerMs;
          if (Date.now() < due) {
            setTimeout(paced, Math.ceil(due - Date.now()));
            return;
          }
          const part = content.subarray(offset, offset + 65_536);
          offset += part.length;
          if (!req.write(part)) {
            req.once('drain', paced);
            return;
          }
        }
        req.end(tail);
      };
      paced();
      return;
    }
    const chunks = file.content[Symbol.iterator]();
    let sent = 0;
    const pump = () => {
      for (;;) {
        const next = chunks.next();
        if (next.done) {
          req.end(tail);
          return;
        }
        sent += next.value.length;
        onProgress(sent);
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

const fmt = (s) => `p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(1)} ms (${s.n} calls)`;

async function measureMemory(api) {
  const cookie = await newSession(api.url);
  let size = 0;
  for (const part of streamedPng(BIG_WIDTH, BIG_HEIGHT)) size += part.length;

  // Let start-up garbage settle, then reset the kernel's peak counters (VmHWM) to the current RSS.
  await new Promise((r) => setTimeout(r, 1500));
  const pids = processTree(api.pid);
  const baseline = treeKiB(pids);
  const apiBaseline = rssKiB(api.pid);
  const baselines = pids.map((pid) => treeKiB([pid]));
  for (const pid of pids) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      // Not permitted: the sampled maximum below still stands.
    }
  }
  let sampledPeak = baseline;
  let apiSampledPeak = apiBaseline;
  const sampler = setInterval(() => {
    const now = treeKiB(pids);
    if (now > sampledPeak) sampledPeak = now;
    apiSampledPeak = Math.max(apiSampledPeak, rssKiB(api.pid));
  }, 20);

  const started = Date.now();
  let lastPrint = 0;
  const file = { name: 'bench.png', type: 'image/png', size, content: streamedPng(BIG_WIDTH, BIG_HEIGHT) };
  const result = await send(api.url, cookie, file, (sent) => {
    if (process.stdout.isTTY && Date.now() - lastPrint > 500) {
      lastPrint = Date.now();
      process.stdout.write(`\r  sent ${(sent / 1_048_576).toFixed(0)} MiB`);
    }
  });
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  if (process.stdout.isTTY) process.stdout.write('\r');
  // The sum of each process's own peak: at least the peak of the sum.
  const hwm = treeKiB(pids, 'VmHWM');
  const peak = Math.max(sampledPeak, Number.isFinite(hwm) ? hwm : 0);
  const apiHwm = rssKiB(api.pid, 'VmHWM');
  const apiPeak = Math.max(apiSampledPeak, Number.isFinite(apiHwm) ? apiHwm : 0);
  const growthMB = (peak - baseline) / 1024;

  console.log(
    `Memory: 1 PNG of ${BIG_WIDTH} × ${BIG_HEIGHT} px, ${size} bytes, in ${seconds.toFixed(1)} s (received, checked, re-encoded) → HTTP ${result.status}`,
  );
  console.log(
    `  API resident memory (${pids.length} process${pids.length === 1 ? '' : 'es'}: ${pids.join(', ')}): ${(baseline / 1024).toFixed(1)} MB before, ${(peak / 1024).toFixed(1)} MB at peak`,
  );
  if (pids.length > 1) {
    console.log(
      `  of which the API process: ${(apiBaseline / 1024).toFixed(1)} MB before, ${(apiPeak / 1024).toFixed(1)} MB at peak (+${((apiPeak - apiBaseline) / 1024).toFixed(1)} MB)`,
    );
    const each = pids.map((pid, i) => `${pid} +${((treeKiB([pid], 'VmHWM') - baselines[i]) / 1024).toFixed(1)}`);
    console.log(
      `  peak growth of each process (MB): ${each.join(', ')}; sampled peak of the sum +${((sampledPeak - baseline) / 1024).toFixed(1)} MB`,
    );
  }
  console.log(
    `  Peak resident-memory growth: ${growthMB.toFixed(1)} MB (goal ≤ ${GOAL_MB} MB): ${growthMB <= GOAL_MB ? 'OK' : 'OVER THE GOAL'}`,
  );
  if (result.status !== 201) {
    console.error(`  The upload was not accepted: ${result.body}`);
    return false;
  }
  return growthMB <= GOAL_MB;
}

/** The uploader child (`--uploader`): makes the images once, then sends them all on every `uploads` message. */
async function runUploader() {
  os.setPriority(10);
  const jpeg = await jpegOfAbout(UPLOAD_BYTES);
  const png = pngOfAbout(UPLOAD_BYTES);
  process.on('message', async (message) => {
    if (message.exit) {
      process.disconnect();
      return;
    }
    const started = Date.now();
    const results = await Promise.all(
      message.uploads.map(({ cookie, forwardedFor }, i) =>
        send(
          message.url,
          cookie,
          i % 2 === 0
            ? { name: `photo-${i}.jpg`, type: 'image/jpeg', size: jpeg.length, content: jpeg, forwardedFor }
            : { name: `screen-${i}.png`, type: 'image/png', size: png.length, content: png, forwardedFor },
        ).catch((error) => ({ status: 0, body: `connection failed: ${error.code ?? error.message}` })),
      ),
    );
    process.send({ results, seconds: (Date.now() - started) / 1000 });
  });
  process.send({ jpegBytes: jpeg.length, pngBytes: png.length });
}

async function measureLatency(api) {
  const uploader = fork(fileURLToPath(import.meta.url), ['--uploader']);
  const fromUploader = () => new Promise((resolve) => uploader.once('message', resolve));
  const ready = fromUploader();
  const prober = new Worker(fileURLToPath(import.meta.url), { workerData: { url: `${api.url}${PROBE_PATH}` } });
  const collect = () =>
    new Promise((resolve) => {
      prober.once('message', resolve);
      prober.postMessage('stop');
    });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  try {
    const { jpegBytes, pngBytes } = await ready;
    await sleep(1000); // warm-up: JIT, keep-alive connection
    const alone = [];
    const during = [];
    const refused = [];
    let accepted = 0;
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const lines = CLIENT_MBPS > 0 ? `clients on ${CLIENT_MBPS} Mbit/s lines` : 'clients unthrottled';
    console.log(`Latency of GET ${PROBE_PATH} (${ROUNDS} rounds, ${lines}; load average before: ${load}):`);
    for (let round = 1; round <= ROUNDS; round += 1) {
      // A report per session is limited to 5 per 10 minutes: a session (and client address) per upload.
      const uploads = [];
      for (let i = 0; i < UPLOADS; i += 1) {
        const forwardedFor = nextClient();
        uploads.push({ cookie: await newSession(api.url, forwardedFor), forwardedFor });
      }
      await sleep(500);
      prober.postMessage('start');
      await sleep(PROBE_SECONDS * 1000);
      const aloneRound = await collect();

      prober.postMessage('start');
      const answer = fromUploader();
      uploader.send({ url: api.url, uploads });
      const { results, seconds } = await answer;
      const duringRound = await collect();

      alone.push(...aloneRound);
      during.push(...duringRound);
      for (const result of results) {
        if (result.status === 201) accepted += 1;
        else refused.push(result);
      }
      const a = summary(aloneRound);
      const d = summary(duringRound);
      console.log(
        `  round ${round}: p99 alone ${a.p99.toFixed(2)} ms, during ${d.p99.toFixed(2)} ms (uploads took ${seconds.toFixed(1)} s): ${(d.p99 / a.p99).toFixed(2)}×`,
      );
    }
    const a = summary(alone);
    const d = summary(during);
    const ratio = d.p99 / a.p99;
    console.log(`  alone, all rounds: ${fmt(a)}`);
    console.log(`  during ${UPLOADS} parallel uploads of ~${(UPLOAD_BYTES / 1_048_576).toFixed(0)} MB: ${fmt(d)}`);
    console.log(
      `  p99 during / p99 alone = ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO}): ${ratio <= GOAL_RATIO ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  uploads: ${accepted} of ${accepted + refused.length} accepted (JPEG ${jpegBytes} bytes, PNG ${pngBytes} bytes); load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const result of refused) console.error(`  refused: HTTP ${result.status} ${result.body}`);
    return ratio <= GOAL_RATIO && refused.length === 0;
  } finally {
    prober.postMessage('exit');
    if (uploader.connected) uploader.send({ exit: true });
    await Promise.all([
      new Promise((r) => prober.once('exit', r)),
      new Promise((r) => (uploader.exitCode === null ? uploader.once('exit', r) : r())),
    ]);
  }
}

async function main() {
  if (PIN) {
    if (os.cpus().length < 2 || !existsSync('/usr/bin/taskset'))
      throw new Error('BENCH_PIN=1 needs two CPUs and taskset');
    // This process, its threads and its children on CPU 0; the API goes to CPU 1.
    execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
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
    console.log(`API: ${api.url} (${api.source}, pid ${api.pid}), ${os.cpus().length} CPUs`);
    let ok = true;
    if (ONLY === 'all' || ONLY === 'memory') {
      if (!Number.isInteger(api.pid) || !existsSync(`/proc/${api.pid}/status`)) {
        throw new Error('Set BENCH_API_PID to the process id of the API at BENCH_API_URL (memory is read from /proc).');
      }
      ok = (await measureMemory(api)) && ok;
    }
    if (ONLY === 'all' || ONLY === 'latency') ok = (await measureLatency(api)) && ok;
    if (!ok) process.exitCode = 1;
  } finally {
    await api.stop();
  }
}

if (process.argv[2] === '--uploader') await runUploader();
else await main();
