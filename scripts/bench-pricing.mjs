#!/usr/bin/env node
// `npm run bench:pricing`: throughput and latency of GET prices_terms_calculation and POST
// full_calculator_standard against a bare Fastify hello-world, in the same run, at 50 concurrent
// keep-alive connections. Prints requests per second, p50/p99 latency and the ratio of
// throughputs. Goal for prices_terms_calculation (issue #19, item 2): throughput ≥ 0.4 of the
// hello-world's and p99 ≤ 3 × the hello-world's p99, both from the same run; PASS or FAIL.
//
// It starts its own API (the built bundle, or the sources with API_FROM_SOURCE=1) on a free
// loopback port with a throw-away DATA_DIR (PGlite), as `npm start` runs it: production mode,
// the default log level (every request writes its log line), the log going to a file (DATA_DIR/
// api.log; the number of lines it got per request is printed). The hello-world runs in a second
// process.
// The load generator (scripts/bench-load.mjs) is a third process.
// BENCH_SECONDS (default 10) sets the length of each measurement; BENCH_CONNECTIONS (default 50).
// BENCH_PIN=1 pins the load generator to CPU 0 and both servers to CPU 1 with taskset, so that
// the server under test and the client do not compete for a core (default: unpinned, the
// scheduler shares every core among all three). The configuration and the machine's load
// average before and after are printed with the results.
// BENCH_CPU_PROF=<dir> runs the API with `node --cpu-prof` and leaves its profile in <dir>;
// BENCH_ONLY=prices measures the hello-world and prices_terms_calculation only.
import { execFile, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './lib/net.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOAL_RATIO = 0.4;
/** The API's p99 may be at most this many times the hello-world's p99 of the same run. */
const GOAL_P99_FACTOR = 3;
const CPU_PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const ONLY = process.env.BENCH_ONLY ?? 'all';
const WEB_PORT = 3999;
const PIN = process.env.BENCH_PIN === '1';
if (PIN && (os.cpus().length < 2 || !existsSync('/usr/bin/taskset'))) {
  throw new Error('BENCH_PIN=1 needs two CPUs and taskset');
}
const SERVER_CPU = '1';
const CLIENT_CPU = '0';

/** `node args…`, under `taskset -c cpu` when pinning. */
function nodeCommand(cpu, args) {
  return PIN ? ['taskset', ['-c', cpu, process.execPath, ...args]] : [process.execPath, args];
}

function stopper(child, cleanup = async () => {}) {
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    await cleanup();
  };
}

async function startApi() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-pricing-'));
  const port = await freePort();
  // BENCH_API_BUNDLE: another build of the bundle (a private tsup outDir inside apps/api).
  const bundle = process.env.BENCH_API_BUNDLE
    ? path.resolve(process.env.BENCH_API_BUNDLE)
    : path.join(root, 'apps/api/dist/server.js');
  const fromSource = process.env.API_FROM_SOURCE === '1' || !existsSync(bundle);
  const profile = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
  const args = fromSource
    ? [...profile, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')]
    : [...profile, bundle];
  const [command, commandArgs] = nodeCommand(SERVER_CPU, args);
  const logFile = path.join(dataDir, 'api.log');
  const apiLog = openSync(logFile, 'a');
  // The default log level, as `npm start` runs it: an inherited LOG_LEVEL does not count.
  const { LOG_LEVEL: _ignored, ...inherited } = process.env;
  const child = spawn(command, commandArgs, {
    cwd: path.join(root, 'apps/api'),
    env: {
      ...inherited,
      NODE_ENV: 'production',
      API_PORT: String(port),
      // Production needs a CAPTCHA key (decision 011); the benchmark never asks for a code.
      CAPTCHA_HMAC_KEY: 'bench-only-captcha-key-not-a-secret-000000',
      DATA_DIR: dataDir,
      // The web origin the CSRF check accepts (the bench's POSTs carry it).
      PORT: String(WEB_PORT),
    },
    // The log goes to a file, as `npm start > api.log` would write it, not to this terminal.
    stdio: ['ignore', apiLog, apiLog],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/health`, 240_000); // a loaded machine applies the migrations slowly
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid,
    source: fromSource ? 'sources (tsx)' : 'bundle',
    /** Lines in the API's log so far. */
    logLines: () => readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length,
    stop: stopper(child, () => rm(dataDir, { recursive: true, force: true })),
  };
}

async function startHello() {
  const port = await freePort();
  const script = `
    const app = require('fastify')({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const [command, commandArgs] = nodeCommand(SERVER_CPU, ['-e', script]);
  const child = spawn(command, commandArgs, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url);
  return { url, pid: child.pid, stop: stopper(child) };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    // Fields after the command name: state is 3rd, utime 14th, stime 15th (in clock ticks, 100/s).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * One measurement by the load generator process (see scripts/bench-load.mjs), with the CPU time
 * the server under test used per request (warm-up included in neither).
 */
async function load(name, server, url, options = { method: 'GET' }) {
  const config = JSON.stringify({ url, ...options, seconds: SECONDS, connections: CONNECTIONS });
  const [command, args] = nodeCommand(CLIENT_CPU, [path.join(root, 'scripts/bench-load.mjs'), config]);
  const child = execFile(command, args, { cwd: root });
  let stdout = '';
  let cpuStart = null;
  child.stdout.on('data', (chunk) => (stdout += chunk));
  // The generator says when its warm-up is over: the server's CPU is sampled over the measurement.
  child.stderr.on('data', (chunk) => {
    if (String(chunk).includes('measuring')) cpuStart = cpuSeconds(server.pid);
    else process.stderr.write(chunk);
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  const cpuEnd = cpuSeconds(server.pid);
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  const result = JSON.parse(stdout);
  const cpuPerRequestUs = cpuStart === null || cpuEnd === null ? null : ((cpuEnd - cpuStart) * 1e6) / result.requests;
  return { name, ...result, cpuPerRequestUs };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadBefore = loadAverage();
const api = await startApi();
const hello = await startHello();
try {
  const cities = await (await fetch(`${api.url}/api/v1/duty_locality/popular_cities`)).json();
  const idOf = (name) => {
    const list = Array.isArray(cities) ? cities : (cities.items ?? cities.cities ?? []);
    const city = list.find((c) => c.name === name);
    if (!city) throw new Error(`City ${name} not in popular_cities`);
    return city.id;
  };
  const moscow = idOf('Москва');
  const novosibirsk = idOf('Новосибирск');
  const pricesUrl = `${api.url}/api/v1/requests/prices_terms_calculation?city_from_fias_id=${moscow}&city_to_fias_id=${novosibirsk}&quantity=3&weight=120&volume=0.6`;
  const body = JSON.stringify({
    city_from: String(moscow),
    city_to: String(novosibirsk),
    transportation_type: 'auto',
    places: [
      { quantity: 2, weight: 40, length: 60, width: 40, height: 40 },
      { quantity: 1, weight: 40, length: 120, width: 80, height: 50 },
    ],
    departure: { type: 'address', address: 'Москва, ул. Тверская, 1', km_outside_ring: 10 },
    delivery: { type: 'address', address: 'Новосибирск, Красный пр-кт, 1', loading: true, floor: 5 },
    packages: [{ code: 'stretch' }],
    declared_value: 100000,
    promocode: 'START10',
  });
  const check = await fetch(pricesUrl);
  if (!check.ok) throw new Error(`prices_terms_calculation answered ${check.status}: ${await check.text()}`);

  // The log really is written, one line per request: 200 calls one after another, then the lines counted.
  const linesBefore = api.logLines();
  for (let i = 0; i < 200; i += 1) await (await fetch(pricesUrl)).arrayBuffer();
  await new Promise((r) => setTimeout(r, 500)); // the log is written asynchronously
  const linesPerRequest = (api.logLines() - linesBefore) / 200;

  const results = [];
  results.push(await load('hello-world (bare Fastify)', hello, `${hello.url}/`));
  if (ONLY === 'all') results.push(await load('GET /api/health (API floor)', api, `${api.url}/api/health`));
  results.push(await load('GET prices_terms_calculation', api, pricesUrl));
  if (ONLY === 'all') {
    results.push(
      await load('POST full_calculator_standard', api, `${api.url}/api/v1/requests/full_calculator_standard`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${WEB_PORT}` },
        body,
      }),
    );
  }
  const [hello0] = results;
  const base = hello0.rps;
  console.log(
    `API: ${api.url} (${api.source}, default log level, log in a file: ${linesPerRequest.toFixed(2)} lines per request); ` +
      `${CONNECTIONS} connections, ${SECONDS} s each, ${os.cpus().length} CPUs; ` +
      (PIN
        ? `pinned: servers on CPU ${SERVER_CPU}, load generator on CPU ${CLIENT_CPU}`
        : 'unpinned: servers and load generator share all CPUs'),
  );
  console.log(`load average (1/5/15 min) before: ${loadBefore}, after: ${loadAverage()}`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  max ${r.max.toFixed(1)} ms  ratio ${(r.rps / base).toFixed(2)}  server CPU ${r.cpuPerRequestUs === null ? '?' : r.cpuPerRequestUs.toFixed(0)} µs/req  statuses ${JSON.stringify(r.statuses)}`,
    );
  }
  const prices = results.find((r) => r.name.includes('prices_terms'));
  const ratio = prices.rps / base;
  const p99Factor = prices.p99 / hello0.p99;
  const ok = ratio >= GOAL_RATIO && p99Factor <= GOAL_P99_FACTOR;
  console.log(
    `prices_terms_calculation: throughput ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL_RATIO}), p99 ${prices.p99.toFixed(2)} ms = ` +
      `${p99Factor.toFixed(2)} × the hello-world's ${hello0.p99.toFixed(2)} ms (goal ≤ ${GOAL_P99_FACTOR}×): ${ok ? 'PASS' : 'FAIL'}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  await api.stop();
  await hello.stop();
}
