#!/usr/bin/env node
// `npm run bench:offices`: /offices with a network of 1 000 offices (issue #19, item 6).
//  1. seeds a throw-away DATA_DIR (embedded PGlite): migrations, the reference data (105 offices),
//     then as many more offices as it takes to reach BENCH_OFFICES (default 1 000), spread over
//     the network's cities like the seeded ones;
//  2. starts the product as `npm start` does (scripts/start.mjs: the built API bundle and the
//     production web build, production mode, the default log level, logs to a file) on
//     BENCH_PORT / BENCH_API_PORT (default 3150 / 4150);
//  3. as one visitor (the session cookie the first page gave, kept), one request at a time,
//     interleaved: the reference — the product's simplest page, /docs-n-policies (the site shell,
//     no data of its own) — and /offices: its first page, a page deep in the list and a filtered
//     search; after the warm-up, in the same rounds, the first visit of each other page of the
//     list (the cache of the web process has none of them: every one asks the API).
// Prints, per address, the HTML size (bytes as served without compression, and gzip) and the
// time to the first byte and to the whole page, p50/p99 over BENCH_REQUESTS (default 200).
// Goals: /offices HTML ≤ the reference's + 40 KB (the site shell, the same on every page, is the
// reference's; what /offices adds to it must stay small however large the network), and its TTFB
// p99 (each of the three addresses, and the first visits) ≤ 2 × the reference's p99 of the same
// run. PASS or FAIL; exit code 1 on FAIL.
// Needs the build (`npm run build`; NEXT_DIST_DIR picks another web build, as for `npm start`).
// Run through tsx (`node --import tsx`), which lets it seed with @freight/db.
import { spawn } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { openDatabase, seedReference, subdivisions } from '@freight/db';
import { waitFor } from './lib/net.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OFFICES = Number(process.env.BENCH_OFFICES ?? 1000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const PORT = Number(process.env.BENCH_PORT ?? 3150);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4150);
const PAGE_SIZE = 20;
/** The page's own part: /offices may weigh at most this much more than the reference page. */
const GOAL_HTML_ABOVE_REFERENCE = 40 * 1024;
const GOAL_P99_FACTOR = 2;
const REFERENCE = '/docs-n-policies';

const distDir = path.join(root, 'apps/web', process.env.NEXT_DIST_DIR || '.next');
if (!existsSync(path.join(root, 'apps/api/dist/server.js')) || !existsSync(path.join(distDir, 'BUILD_ID'))) {
  console.error('The product is not built: run `npm run build` first.');
  process.exit(1);
}

/** The reference data, then offices up to `total`: copies of the seeded ones, a few hundred metres away. */
async function seed(dataDir, total) {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    await seedReference(handle.db);
    const base = await handle.db.select().from(subdivisions);
    const extra = [];
    for (let i = 0; base.length + extra.length < total; i += 1) {
      const from = base[i % base.length];
      const n = i + 1;
      const shift = ((i % 7) - 3) * 0.004;
      extra.push({
        ...from,
        id: undefined,
        code: `BENCH-${String(n).padStart(4, '0')}`,
        kind: i % 3 === 0 ? 'office' : 'pickup_point',
        name: i % 3 === 0 ? `Офис ${from.name.replace(/^\S+\s/, '')}-${n}` : `Пункт выдачи № ${n}`,
        address: `${from.address}, стр. ${n}`,
        lat: from.lat + shift,
        lon: from.lon - shift,
        isPartner: i % 3 !== 0,
      });
    }
    for (let i = 0; i < extra.length; i += 200) await handle.db.insert(subdivisions).values(extra.slice(i, i + 200));
    return base.length + extra.length;
  } finally {
    await handle.close();
  }
}

/** Starts scripts/start.mjs as `npm start` runs it, its output to DATA_DIR/product.log. */
async function startProduct(dataDir) {
  const log = openSync(path.join(dataDir, 'product.log'), 'a');
  // The default log level, as `npm start` runs it: an inherited LOG_LEVEL does not count.
  const { LOG_LEVEL: _ignored, DEMO_MODE: _demo, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(PORT),
      API_PORT: String(API_PORT),
      DATA_DIR: dataDir,
      NEXT_TELEMETRY_DISABLED: '1',
      // Production needs a CAPTCHA key (decision 011); the benchmark never asks for a code.
      CAPTCHA_HMAC_KEY: process.env.CAPTCHA_HMAC_KEY ?? 'bench-only-captcha-key-not-a-secret-000000',
    },
    stdio: ['ignore', log, log],
  });
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await stopped;
  };
  try {
    await waitFor(`http://127.0.0.1:${API_PORT}/api/health`, 180_000);
    await waitFor(`http://127.0.0.1:${PORT}${REFERENCE}`, 120_000);
  } catch (error) {
    await stop();
    throw new Error(`${error.message}; see ${path.join(dataDir, 'product.log')}`, { cause: error });
  }
  return { stop };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let cookie = '';

/** One GET as a browser's first request for a page: time to the first byte, to the last, the body. */
function get(pathname) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(
      {
        host: '127.0.0.1',
        port: PORT,
        path: pathname,
        agent,
        headers: { accept: 'text/html', 'accept-language': 'ru-RU', ...(cookie ? { cookie } : {}) },
      },
      (response) => {
        const ttfb = Number(process.hrtime.bigint() - started) / 1e6;
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const total = Number(process.hrtime.bigint() - started) / 1e6;
          const setCookie = response.headers['set-cookie'];
          if (setCookie?.length) cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
          resolve({ status: response.statusCode, ttfb, total, body: Buffer.concat(chunks) });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

function stats(name, samples) {
  const body = samples.at(-1).body;
  return {
    name,
    n: samples.length,
    statuses: [...new Set(samples.map((s) => s.status))].join(','),
    bytes: body.length,
    gzip: gzipSync(body, { level: 6 }).length,
    ttfbP50: percentile(
      samples.map((s) => s.ttfb),
      50,
    ),
    ttfbP99: percentile(
      samples.map((s) => s.ttfb),
      99,
    ),
    totalP50: percentile(
      samples.map((s) => s.total),
      50,
    ),
    totalP99: percentile(
      samples.map((s) => s.total),
      99,
    ),
    body,
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${value.toFixed(1)} ms`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-offices-'));
let product;
try {
  const seeded = await seed(dataDir, OFFICES);
  product = await startProduct(dataDir);
  const pages = Math.ceil(seeded / PAGE_SIZE);
  const deep = Math.max(1, Math.floor(pages * 0.75));
  const targets = [
    ['reference: the simplest page ' + REFERENCE, REFERENCE],
    ['/offices', '/offices'],
    [`/offices?page=${deep}`, `/offices?page=${deep}`],
    ['/offices?op=release&partner=1&page=2', '/offices?op=release&partner=1&page=2'],
  ];
  // The visitor's session: the first page sets the cookie, every later request carries it.
  await get('/');
  if (!cookie) throw new Error('The first page set no session cookie');

  // Every other page of the list is visited once, on the warm server (after the warm-up, as a
  // running site is) and in the same rounds as the reference: nothing of those pages is cached
  // yet, so each asks the API. (Measured before the warm-up, they would time the server's cold
  // start — code not yet optimised — against a warm reference.)
  const firstVisitPages = [];
  for (let page = 2; page <= pages; page += 1) if (page !== deep) firstVisitPages.push(page);
  const firstVisits = [];
  const samples = new Map(targets.map(([name]) => [name, []]));
  for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
    for (const [name, url] of targets) {
      const sample = await get(url);
      if (sample.status !== 200) throw new Error(`${url} answered ${sample.status}`);
      if (i >= WARMUP) samples.get(name).push(sample);
    }
    const page = i >= WARMUP ? firstVisitPages[i - WARMUP] : undefined;
    if (page !== undefined) firstVisits.push(await get(`/offices?page=${page}`));
  }
  const rows = targets.map(([name]) => stats(name, samples.get(name)));
  rows.push(stats(`/offices?page=2…${pages}, first visits (each asks the API)`, firstVisits));
  const [reference, ...offices] = rows;

  const shown = (row) => (row.body.toString('utf8').match(/data-testid="open-state"/g) ?? []).length;
  console.log(
    `Product: scripts/start.mjs (API bundle, web build ${path.relative(root, distDir)}, production, default log level), ` +
      `PGlite in ${dataDir}; ${seeded} offices in ${pages} pages of ${PAGE_SIZE}; ` +
      `${REQUESTS} requests per address after ${WARMUP} warm-up, one at a time, interleaved; ${os.cpus().length} CPUs, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(58)} HTML ${kb(row.bytes).padStart(9)} (gzip ${kb(row.gzip).padStart(8)})  ` +
        `TTFB p50 ${ms(row.ttfbP50).padStart(9)} p99 ${ms(row.ttfbP99).padStart(9)}  ` +
        `whole page p50 ${ms(row.totalP50).padStart(9)} p99 ${ms(row.totalP99).padStart(9)}  ` +
        `n=${row.n} status ${row.statuses}${row === reference ? '' : `  offices shown ${shown(row)}`}`,
    );
  }
  const failures = [];
  for (const row of offices) {
    if (row.bytes > reference.bytes + GOAL_HTML_ABOVE_REFERENCE) {
      failures.push(
        `${row.name}: HTML ${kb(row.bytes)} > the reference's ${kb(reference.bytes)} + ${kb(GOAL_HTML_ABOVE_REFERENCE)}`,
      );
    }
    if (row.ttfbP99 > GOAL_P99_FACTOR * reference.ttfbP99) {
      failures.push(
        `${row.name}: TTFB p99 ${ms(row.ttfbP99)} > ${GOAL_P99_FACTOR} × the reference's ${ms(reference.ttfbP99)}`,
      );
    }
    if (shown(row) === 0) failures.push(`${row.name}: no office on the page`);
  }
  const worst = Math.max(...offices.map((r) => r.ttfbP99));
  console.log(
    `Goal: /offices HTML ≤ the reference's ${kb(reference.bytes)} + ${kb(GOAL_HTML_ABOVE_REFERENCE)} ` +
      `(largest ${kb(Math.max(...offices.map((r) => r.bytes)))}, ` +
      `+${kb(Math.max(...offices.map((r) => r.bytes)) - reference.bytes)}), ` +
      `TTFB p99 ≤ ${GOAL_P99_FACTOR} × the reference's ${ms(reference.ttfbP99)} = ${ms(GOAL_P99_FACTOR * reference.ttfbP99)} ` +
      `(worst ${ms(worst)} = ${(worst / reference.ttfbP99).toFixed(2)} ×): ${failures.length ? 'FAIL' : 'PASS'}`,
  );
  for (const failure of failures) console.log(`  ${failure}`);
  if (failures.length) process.exitCode = 1;
} finally {
  agent.destroy();
  await product?.stop();
  if (process.env.BENCH_KEEP_DATA === '1') console.log(`Data kept in ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}
