#!/usr/bin/env node
// `npm run bench:cargo`: the order list (GET /api/v1/cargo/cargo) with 1,000,000 cargos in
// PostgreSQL. Loads the cargos (generate_series, ~10,000 owners; one big owner with ~10,000 of
// them), starts the API against that database and measures the list call over real HTTP with
// the typical filters and sorts, as the big owner. Prints p50 and p99 per query type and overall.
// Goal: p99 ≤ 50 ms at every concurrency measured (2 and 8 clients by default).
// Then the export (issue #14): the big owner's whole list (~10,000 rows) as XLSX, a few times,
// timed to the last byte while the API's RSS is sampled. Goal: ≤ 3 s and RSS growth ≤ 100 MB.
// The reference measured in the same run: GET /api/health at the same concurrency, and the CSV
// export of the same rows.
//
// Database: BENCH_DATABASE_URL (used as is, must be empty or a previous bench database), else
// a throw-away database `bench_cargo_<random>` created on DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end (BENCH_KEEP=1 keeps it).
// Knobs: BENCH_ROWS (default 1,000,000), BENCH_REQUESTS per query type (default 400),
// BENCH_CONCURRENCY (default `2,8`: one client per CPU of a small server, and a busy one),
// BENCH_EXPORTS (XLSX exports measured, default 3).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, waitFor } from './lib/net.mjs';
import { get, pick, prepareDatabase, sessionFor } from './lib/bench-db.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCIES = String(process.env.BENCH_CONCURRENCY ?? '2,8')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 3);
const GOAL_EXPORT_MS = 3000;
const GOAL_EXPORT_RSS_MB = 100;
const OWNERS = 10_000;
/** Every 100th cargo belongs to the big owner. */
const BIG_OWNER_SHARE = 100;
const GOAL_P99_MS = 50;
const WEB_PORT = 3998;

async function startApi(databaseUrl) {
  const port = await freePort();
  const bundle = path.join(root, 'apps/api/dist/server.js');
  const fromSource = process.env.API_FROM_SOURCE === '1' || !existsSync(bundle);
  const args = fromSource ? ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')] : [bundle];
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_MODE: '0',
      // Production needs a CAPTCHA key (decision 011); the benchmark never asks for a code.
      CAPTCHA_HMAC_KEY: 'bench-only-captcha-key-not-a-secret-000000',
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      LOG_LEVEL: 'warn',
      PORT: String(WEB_PORT),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, 120_000);
  return {
    url,
    pid: child.pid,
    source: fromSource ? 'sources (tsx)' : 'bundle',
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    },
  };
}

/** Owners, 1,000,000 cargos and their first history rows, in a few set-based statements. */
async function load(client) {
  const started = performance.now();
  await client.query('set synchronous_commit = off');
  await client.query('set maintenance_work_mem = $1', ['256MB']).catch(() => {});
  const { rows: existing } = await client.query('select count(*)::int as n from cargos');
  if (existing[0].n >= ROWS) {
    console.log(`Database already holds ${existing[0].n} cargos; not loading again.`);
  } else {
    await client.query(`
      insert into users (name, phone, is_verified)
      select 'Клиент ' || g, '+7' || (9500000000 + g)::text, true from generate_series(1, ${OWNERS}) g
      on conflict do nothing`);
    // Each owner acts for their personal profile (issue 15), as registration makes it.
    await client.query(`
      insert into client_profiles (kind, name, personal_user_id)
      select 'individual', name, id from users where phone like '+795%'
      on conflict do nothing`);
    await client.query(`
      insert into profile_members (profile_id, user_id, role)
      select id, personal_user_id, 'owner' from client_profiles where personal_user_id is not null
      on conflict do nothing`);
    await client.query(`
      update users set active_profile_id = p.id from client_profiles p
      where p.personal_user_id = users.id and users.active_profile_id is null`);
    const { rows: cities } = await client.query(`
      select c.id, c.name, min(s.id) as office from cities c join subdivisions s on s.city_id = c.id
      where s.kind = 'terminal' group by c.id, c.name order by c.id`);
    if (cities.length < 2) throw new Error('The reference network has no terminals');
    const ids = cities.map((c) => c.id);
    const names = cities.map((c) => c.name);
    const offices = cities.map((c) => c.office);
    // The big owner is the first bench user; everyone else is spread evenly.
    const { rows: owners } = await client.query(
      `select min(id) as first, max(id) as last from users where phone like '+795%'`,
    );
    const first = owners[0].first;
    const span = owners[0].last - first;
    const statuses = [
      'created',
      'awaiting_dropoff',
      'pickup',
      'accepted',
      'in_transit',
      'arrived',
      'out_for_delivery',
      'released',
      'released',
      'released',
      'released',
      'released',
      'released',
      'cancelled',
      'returned',
      'problem',
    ];
    const statusArray = `array[${statuses.map((s) => `'${s}'`).join(',')}]`;
    const BATCH = 250_000;
    for (let from = existing[0].n + 1; from <= ROWS; from += BATCH) {
      const to = Math.min(ROWS, from + BATCH - 1);
      await client.query(
        `
        insert into cargos (
          track_number, owner_user_id, owner_profile_id, status, status_changed_at, paid, city_departure_id, city_delivery_id,
          city_departure_name, city_delivery_name, departure_type, delivery_type, departure_office_id,
          delivery_office_id, quantity, weight_kg, volume_m3, transportation_type, payment_type, payer_role,
          customer_role, sender, recipient, sender_name, recipient_name, price_kopecks, price_lines,
          planned_dispatch_date, planned_arrival_date, created_at)
        select
          'MG-' || substr(lpad(g::text, 9, '0'), 1, 4) || '-' || substr(lpad(g::text, 9, '0'), 5),
          owner, profiles.id,
          st, created + (random() * interval '10 days'), random() < 0.6,
          ($1::int[])[1 + g % $4], ($1::int[])[1 + (g + 1 + g / 7) % $4],
          ($2::text[])[1 + g % $4], ($2::text[])[1 + (g + 1 + g / 7) % $4],
          'warehouse', 'warehouse', ($3::int[])[1 + g % $4], ($3::int[])[1 + (g + 1 + g / 7) % $4],
          1 + g % 5, 1 + (g % 997), 0.01 + (g % 350) / 100.0, 'auto', 'cash', 'sender', 'sender',
          jsonb_build_object('type', 'individual', 'name', 'Отправитель ' || g % 5000, 'phone', '+79000000000'),
          jsonb_build_object('type', 'individual', 'name', 'Получатель ' || g % 7000, 'phone', '+79160000000'),
          'Отправитель ' || g % 5000, 'Получатель ' || g % 7000,
          100000 + (hashint4(g + 7) & 2147483647) % 20000000,
          '[{"code":"freight","title":"Перевозка","amount_kopecks":100000,"explanation":"Перевозка"}]'::jsonb,
          created::date, (created + interval '6 days')::date, created
        from (
          select g, now() - (random() * interval '365 days') as created,
                 (${statusArray})[1 + (hashint4(g + 3) & 2147483647) % ${statuses.length}] as st,
                 case when g % ${BIG_OWNER_SHARE} = 0 then ${first} else ${first} + 1 + (hashint4(g) & 2147483647) % ${span} end as owner
          from generate_series($5::int, $6::int) g
        ) s
        join client_profiles profiles on profiles.personal_user_id = s.owner`,
        [ids, names, offices, ids.length, from, to],
      );
      process.stdout.write(`\rLoaded ${to.toLocaleString('en')} cargos…`);
    }
    process.stdout.write('\n');
  }
  await client.query('vacuum analyze cargos');
  const { rows: big } = await client.query(
    `select owner_user_id as id, count(*)::int as n from cargos group by owner_user_id order by n desc limit 1`,
  );
  console.log(
    `Data ready in ${((performance.now() - started) / 1000).toFixed(1)} s; big owner #${big[0].id} has ${big[0].n.toLocaleString('en')} cargos`,
  );
  return big[0];
}

const isoDaysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const random = (n) => Math.floor(Math.random() * n);

async function measure(api, cookie, cityNames, CONCURRENCY) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const statuses = ['in_transit', 'released', 'created', 'arrived', 'problem'];
  const newest = 'sort_by_date=true&reverse_sort_by=true';
  const types = [
    ['default (newest first)', () => 'all_profiles=false&cargo_type=standard&skip=0&limit=20&' + newest],
    ['status filter', () => `${newest}&limit=20&cargo_statuses=${statuses[random(statuses.length)]}`],
    ['two statuses', () => `${newest}&limit=20&cargo_statuses=in_transit&cargo_statuses=arrived`],
    ['exclude_closed', () => `${newest}&limit=20&exclude_closed=true`],
    [
      'date range (30 days)',
      () => {
        const from = 30 + random(300);
        return `${newest}&limit=20&start_date=${isoDaysAgo(from)}&end_date=${isoDaysAgo(from - 30)}`;
      },
    ],
    [
      'city filter',
      () => `${newest}&limit=20&city_departure=${encodeURIComponent(cityNames[random(cityNames.length)])}`,
    ],
    ['sort by price', () => `sort_by_price=true&reverse_sort_by=${random(2) ? 'true' : 'false'}&limit=20`],
    ['sort by status date', () => 'sort_by_status_date=true&reverse_sort_by=true&limit=20'],
    ['deep skip (1000–5000)', () => `${newest}&limit=20&skip=${1000 + random(4000)}`],
    ['recipient search', () => `${newest}&limit=20&recipient=${encodeURIComponent('Получатель 12')}`],
    ['favourites', () => `${newest}&limit=20&favorite=true`],
  ];
  const all = [];
  const results = [];
  for (const [name, query] of types) {
    // Warm-up for this shape (plans, pool, JIT).
    for (let i = 0; i < 20; i += 1) await get(agent, `${api.url}/api/v1/cargo/cargo?${query()}`, cookie);
    const latencies = [];
    const codes = new Map();
    let done = 0;
    let items = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (done < REQUESTS) {
          done += 1;
          const res = await get(agent, `${api.url}/api/v1/cargo/cargo?${query()}`, cookie);
          latencies.push(res.ms);
          codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
          if (res.status === 200) items += JSON.parse(res.body.toString('utf8')).items.length;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    all.push(...latencies);
    results.push({
      name,
      p50: pick(latencies, 0.5),
      p99: pick(latencies, 0.99),
      codes: Object.fromEntries(codes),
      avgItems: items / latencies.length,
    });
  }
  // The reference: the cheapest call of the API at the same concurrency, in the same run.
  const health = [];
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) {
        sent += 1;
        health.push((await get(agent, `${api.url}/api/health`, '')).ms);
      }
    }),
  );
  health.sort((a, b) => a - b);
  agent.destroy();
  all.sort((a, b) => a - b);
  return {
    results,
    overall: { p50: pick(all, 0.5), p99: pick(all, 0.99), n: all.length },
    health: { p50: pick(health, 0.5), p99: pick(health, 0.99) },
  };
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return NaN;
  }
}

/** One export of the big owner's list: time to the last byte, bytes, peak RSS growth of the API. */
async function exportOnce(api, cookie, format) {
  const before = rssMb(api.pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(api.pid));
  }, 10);
  try {
    const res = await get(new http.Agent(), `${api.url}/api/v1/cargo/cargo/export?format=${format}`, cookie);
    peak = Math.max(peak, rssMb(api.pid));
    if (res.status !== 200) throw new Error(`The export answered ${res.status}: ${res.body}`);
    const rows = format === 'csv' ? res.body.toString('utf8').split('\r\n').length - 2 : Number.NaN;
    return { ms: res.ms, bytes: res.body.length, rssGrowth: peak - before, rows };
  } finally {
    clearInterval(timer);
  }
}

async function measureExport(api, cookie) {
  // Warm-up (JIT, plans), not counted.
  await exportOnce(api, cookie, 'xlsx');
  const xlsx = [];
  for (let i = 0; i < EXPORTS; i += 1) xlsx.push(await exportOnce(api, cookie, 'xlsx'));
  const csv = await exportOnce(api, cookie, 'csv');
  return { xlsx, csv };
}

const database = await prepareDatabase(
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  'bench_cargo',
);
let api;
const client = new pg.Client({ connectionString: database.url });
try {
  console.log(`Database: ${database.url.replace(/\/\/[^@]*@/, '//…@')}`);
  // The API migrates the empty database and loads the reference network on its first start.
  api = await startApi(database.url);
  await client.connect();
  const big = await load(client);
  const cookie = await sessionFor(client, big.id);
  const { rows: cityRows } = await client.query(
    `select distinct city_departure_name as name from cargos where owner_user_id = $1 limit 20`,
    [big.id],
  );
  const check = await get(new http.Agent(), `${api.url}/api/v1/cargo/cargo?limit=1`, cookie);
  if (check.status !== 200) throw new Error(`The list answered ${check.status}: ${check.body}`);
  // A few favourites of the big owner, so the favourites filter has something to find.
  await client.query(
    `insert into cargo_favorites (cargo_id) select id from cargos where owner_user_id = $1 and id % 97 = 0
     on conflict do nothing`,
    [big.id],
  );
  let ok = true;
  const loadAvg = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  for (const concurrency of CONCURRENCIES) {
    const { results, overall, health } = await measure(
      api,
      cookie,
      cityRows.map((r) => r.name),
      concurrency,
    );
    console.log(
      `\nGET /api/v1/cargo/cargo as the big owner; ${ROWS.toLocaleString('en')} cargos; API from ${api.source}; ` +
        `${REQUESTS} requests per type at ${concurrency} concurrent; ${os.cpus().length} CPUs`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(26)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  ` +
          `items/page ${r.avgItems.toFixed(1).padStart(4)}  statuses ${JSON.stringify(r.codes)}`,
      );
    }
    const met = overall.p99 <= GOAL_P99_MS;
    ok &&= met;
    const over = results.filter((r) => r.p99 > GOAL_P99_MS).map((r) => r.name);
    console.log(
      `${'overall'.padEnd(26)} p50 ${overall.p50.toFixed(2).padStart(6)} ms  p99 ${overall.p99.toFixed(2).padStart(6)} ms  ` +
        `(${overall.n} requests; goal p99 ≤ ${GOAL_P99_MS} ms at ${concurrency} concurrent: ${met ? 'PASS' : 'FAIL'})`,
    );
    console.log(
      `${'reference: GET /api/health'.padEnd(26)} p50 ${health.p50.toFixed(2).padStart(6)} ms  p99 ${health.p99.toFixed(2).padStart(6)} ms`,
    );
    if (over.length > 0) console.log(`Query types with p99 above the goal: ${over.join(', ')}`);
    console.log(`Load average: ${loadAvg()}`);
  }

  const { xlsx, csv } = await measureExport(api, cookie);
  console.log(
    `\nExport of the big owner's list (${big.n.toLocaleString('en')} rows), ${EXPORTS} runs after a warm-up:`,
  );
  for (const run of xlsx) {
    console.log(
      `XLSX  ${run.ms.toFixed(0).padStart(6)} ms  ${(run.bytes / 1024).toFixed(0).padStart(6)} KB  ` +
        `API RSS growth ${run.rssGrowth.toFixed(1).padStart(6)} MB`,
    );
  }
  console.log(
    `CSV   ${csv.ms.toFixed(0).padStart(6)} ms  ${(csv.bytes / 1024).toFixed(0).padStart(6)} KB  ` +
      `API RSS growth ${csv.rssGrowth.toFixed(1).padStart(6)} MB  (reference; ${csv.rows} rows)`,
  );
  const worstMs = Math.max(...xlsx.map((r) => r.ms));
  const worstRss = Math.max(...xlsx.map((r) => r.rssGrowth));
  const exportOk = worstMs <= GOAL_EXPORT_MS && worstRss <= GOAL_EXPORT_RSS_MB;
  console.log(
    `XLSX export worst ${worstMs.toFixed(0)} ms (goal ≤ ${GOAL_EXPORT_MS}), RSS growth worst ${worstRss.toFixed(1)} MB ` +
      `(goal ≤ ${GOAL_EXPORT_RSS_MB}): ${exportOk ? 'PASS' : 'FAIL'}`,
  );
  console.log(`Load average: ${loadAvg()}`);
  console.log(`\nbench:cargo ${ok && exportOk ? 'PASS' : 'FAIL'}`);
  process.exitCode = ok && exportOk ? 0 : 1;
} finally {
  await client.end().catch(() => {});
  await api?.stop();
  await database.drop();
}
