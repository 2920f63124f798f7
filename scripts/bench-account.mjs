#!/usr/bin/env node
// `npm run bench:account`: the personal account's money and numbers (issue 16) with 1,000,000
// cargos in PostgreSQL. Loads the cargos (generate_series; ~10,000 personal owners, and one
// company profile owning every 100th cargo: ~10,000; all ordered within the last 365 days, so
// each analytics call of the default period reads all of the company's cargos), the
// company's two contracts (postpayment, the default, and prepayment), the charges of its cargos
// as each contract books them and a payment per contract and month — ledger rows written by SQL,
// so the database trigger keeps contract_month_totals as the API's own bookings do.
// Then it starts the API as `npm start` runs it (production mode, the default log level, the log
// in a file) and, as the company's owner over real HTTP at BENCH_CONCURRENCY (default 8)
// concurrent keep-alive clients, measures p50/p99 of the seven analytics calls (default period:
// the last twelve months; the breakdowns cycle through the four data types) and the three
// settlements calls (contracts, the review of one of the last twelve months, summary). A call that
// answers 404 (not built yet) is reported and left out. The steady state is measured: a warm-up
// pass runs every call first. Goal: p99 ≤ 100 ms for every call measured; PASS or FAIL, exit
// code 1 on FAIL.
// The reference measured in the same run at the same concurrency: a bare Fastify hello-world in
// its own process, and GET /api/health of the API.
// It also prints PostgreSQL's plan of each analytics statement on this data (EXPLAIN ANALYZE of
// the statements the API runs, from analytics.repository.ts): each should be an index-only scan
// of cargos_owner_analytics_idx (the PostgreSQL run of analytics.test.ts enforces it).
//
// Database: BENCH_DATABASE_URL (used as is; an empty database or a previous bench:account one,
// whose data is then reused), else a throw-away database `bench_account_<random>` created on the
// server of TEST_DATABASE_URL or DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// and dropped at the end (BENCH_KEEP=1 keeps it).
// Knobs: BENCH_ROWS (default 1,000,000), BENCH_REQUESTS per call (default 400),
// BENCH_CONCURRENCY (default 8).
// Run through tsx (`node --import tsx`), which lets it read the API's own statements.
import { spawn } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { API_PATHS } from '@freight/contracts';
import { openDatabase } from '@freight/db';
import { defaultAnalyticsPeriod, previousPeriod, toIsoDate } from '@freight/domain';
import {
  measuresByQuery,
  monthlyMeasuresQuery,
  periodFiguresQuery,
  scopeParams,
  topDirectionsQuery,
} from '../apps/api/src/modules/analytics/analytics.repository.ts';
import { freePort, waitFor } from './lib/net.mjs';
import { get, pick, prepareDatabase, sessionFor } from './lib/bench-db.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARMUP = 20;
/** Requests per call of the warm-up pass before any measurement. */
const WARMUP_PASS = 100;
const OWNERS = 10_000;
/** Every 100th cargo belongs to the company. */
const COMPANY_SHARE = 100;
/** Cargos are ordered within the last year: the default analytics period holds all of them. */
const HISTORY_DAYS = 365;
const GOAL_P99_MS = 100;
const WEB_PORT = 3997;
const COMPANY_INN = '7707083893';
const PAYMENT_TERM_DAYS = 14;

function stopper(child, cleanup = async () => {}) {
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    await cleanup();
  };
}

/** The API as `npm start` runs it: production, the default log level, the log in a file. */
async function startApi(databaseUrl) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-account-'));
  const port = await freePort();
  const bundle = path.join(root, 'apps/api/dist/server.js');
  const fromSource = process.env.API_FROM_SOURCE === '1' || !existsSync(bundle);
  const args = fromSource ? ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')] : [bundle];
  const logFile = path.join(dataDir, 'api.log');
  const apiLog = openSync(logFile, 'a');
  // The default log level: an inherited LOG_LEVEL does not count.
  const { LOG_LEVEL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, 'apps/api'),
    env: {
      ...inherited,
      NODE_ENV: 'production',
      DEMO_MODE: '0',
      // Production needs a CAPTCHA key (decision 011); the benchmark never asks for a code.
      CAPTCHA_HMAC_KEY: 'bench-only-captcha-key-not-a-secret-000000',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      PORT: String(WEB_PORT),
    },
    stdio: ['ignore', apiLog, apiLog],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    // The first start migrates the empty database and loads the reference network.
    await waitFor(`${url}/api/health`, 240_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}; see ${logFile}`, { cause: error });
  }
  return {
    url,
    logFile,
    source: fromSource ? 'sources (tsx)' : 'bundle',
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
  const child = spawn(process.execPath, ['-e', script], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url);
  return { url, stop: stopper(child) };
}

/**
 * Owners, the company with its contracts, 1,000,000 cargos and the company's ledger, in a few
 * set-based statements. Returns the company's owner and profile.
 */
async function load(client) {
  const started = performance.now();
  await client.query('set synchronous_commit = off');
  await client.query('set maintenance_work_mem = $1', ['256MB']).catch(() => {});
  const { rows: existing } = await client.query('select count(*)::int as n from cargos');
  if (existing[0].n >= ROWS) {
    console.log(`Database already holds ${existing[0].n.toLocaleString('en')} cargos; not loading again.`);
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
    // The company: owned by the first bench user, with a postpayment (default) and a prepayment contract.
    await client.query(
      `insert into client_profiles (kind, name, inn, kpp) values ('legal', 'ООО «Бенч Логистик»', $1, '770701001')
       on conflict do nothing`,
      [COMPANY_INN],
    );
    await client.query(
      `insert into profile_members (profile_id, user_id, role)
       select p.id, (select min(id) from users where phone like '+795%'), 'owner'
       from client_profiles p where p.kind = 'legal' and p.inn = $1
       on conflict do nothing`,
      [COMPANY_INN],
    );
    await client.query(
      `insert into contracts (profile_id, number, signed_on, kind, credit_limit_kopecks, payment_term_days, valid_from, is_default)
       select p.id, c.number, current_date - ${HISTORY_DAYS + 30}, c.kind, c.credit_limit, c.term, current_date - ${HISTORY_DAYS + 30}, c.is_default
       from client_profiles p,
            (values ('БЛ-001/24', 'postpayment', 500000000::bigint, ${PAYMENT_TERM_DAYS}, true),
                    ('БЛ-002/24', 'prepayment', null::bigint, null::int, false)) as c(number, kind, credit_limit, term, is_default)
       where p.kind = 'legal' and p.inn = $1
       on conflict do nothing`,
      [COMPANY_INN],
    );
    const { rows: cities } = await client.query(`
      select c.id, c.name, min(s.id) as office from cities c join subdivisions s on s.city_id = c.id
      where s.kind = 'terminal' group by c.id, c.name order by c.id`);
    if (cities.length < 2) throw new Error('The reference network has no terminals');
    const ids = cities.map((c) => c.id);
    const names = cities.map((c) => c.name);
    const offices = cities.map((c) => c.office);
    const { rows: owners } = await client.query(
      `select min(id) as first, max(id) as last from users where phone like '+795%'`,
    );
    const first = owners[0].first;
    const span = owners[0].last - first;
    const { rows: company } = await client.query(
      `select p.id,
              (select id from contracts where profile_id = p.id and kind = 'postpayment') as post,
              (select id from contracts where profile_id = p.id and kind = 'prepayment') as pre
       from client_profiles p where p.kind = 'legal' and p.inn = $1`,
      [COMPANY_INN],
    );
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
          planned_dispatch_date, planned_arrival_date, contract_id, created_at)
        select
          'MG-' || substr(lpad(g::text, 9, '0'), 1, 4) || '-' || substr(lpad(g::text, 9, '0'), 5),
          s.owner, case when s.big then $7::bigint else profiles.id end,
          st, least(now(), created + interval '1 day' + (random() * interval '9 days')), random() < 0.6,
          ($1::int[])[1 + g % $4], ($1::int[])[1 + (g + 1 + g / 7) % $4],
          ($2::text[])[1 + g % $4], ($2::text[])[1 + (g + 1 + g / 7) % $4],
          case when h % 3 = 0 then 'address' else 'warehouse' end,
          case when h % 5 < 2 then 'address' else 'warehouse' end,
          ($3::int[])[1 + g % $4], ($3::int[])[1 + (g + 1 + g / 7) % $4],
          1 + g % 5, 1 + (g % 997), 0.01 + (g % 350) / 100.0, 'auto',
          case when s.big then 'non_cash' else 'cash' end, 'sender',
          (array['sender', 'sender', 'recipient', 'third_party'])[1 + h % 4],
          jsonb_build_object('type', 'individual', 'name', 'Отправитель ' || g % 5000, 'phone', '+79000000000'),
          jsonb_build_object('type', 'individual', 'name', 'Получатель ' || g % 7000, 'phone', '+79160000000'),
          'Отправитель ' || g % 5000, 'Получатель ' || g % 7000,
          price,
          jsonb_build_array(jsonb_build_object('code', 'freight', 'title', 'Перевозка', 'amount_kopecks', price, 'explanation', 'Перевозка')),
          created::date,
          case when h % 10 = 0 then null else (created + interval '3 days' + (h % 6) * interval '1 day')::date end,
          case when not s.big then null when h % 3 = 0 then $9::uuid else $8::uuid end,
          created
        from (
          select g, now() - (random() * interval '${HISTORY_DAYS} days') as created,
                 (${statusArray})[1 + (hashint4(g + 3) & 2147483647) % ${statuses.length}] as st,
                 hashint4(g + 11) & 2147483647 as h,
                 100000 + (hashint4(g + 7) & 2147483647) % 20000000 as price,
                 g % ${COMPANY_SHARE} = 0 as big,
                 case when g % ${COMPANY_SHARE} = 0 then ${first} else ${first} + 1 + (hashint4(g) & 2147483647) % ${span} end as owner
          from generate_series($5::int, $6::int) g
        ) s
        join client_profiles profiles on profiles.personal_user_id = s.owner`,
        [ids, names, offices, ids.length, from, to, company[0].id, company[0].post, company[0].pre],
      );
      process.stdout.write(`\rLoaded ${to.toLocaleString('en')} cargos…`);
    }
    process.stdout.write('\n');
    await loadLedger(client, company[0]);
  }
  await client.query('vacuum analyze');
  const { rows: big } = await client.query(
    `select p.id, p.account_uuid, m.user_id,
            (select count(*)::int from cargos where owner_profile_id = p.id) as cargos,
            (select count(*)::int from ledger_entries e join contracts c on c.id = e.contract_id where c.profile_id = p.id) as entries,
            (select id from contracts where profile_id = p.id and kind = 'postpayment') as post
     from client_profiles p join profile_members m on m.profile_id = p.id and m.role = 'owner'
     where p.kind = 'legal' and p.inn = $1`,
    [COMPANY_INN],
  );
  console.log(
    `Data ready in ${((performance.now() - started) / 1000).toFixed(1)} s; the company (profile #${big[0].id}) has ` +
      `${big[0].cargos.toLocaleString('en')} cargos and ${big[0].entries.toLocaleString('en')} ledger entries`,
  );
  return big[0];
}

/**
 * The company's ledger as the contracts book it (packages/db finance.ts): a postpayment cargo is
 * charged on the Moscow day it was released or returned, due 14 days later; a prepayment cargo
 * when accepted (here: the day it was ordered), due the same day. One payment per contract and
 * month, on the 10th of the next month, of the month's charges (prepayment: 2 % more, an advance).
 */
async function loadLedger(client, company) {
  const moscowDay = (column) => `(${column} at time zone 'Europe/Moscow')::date`;
  await client.query(
    `insert into ledger_entries (contract_id, kind, amount_kopecks, booked_on, due_on, cargo_id, service_code,
                                 document_number, document_date, description)
     select c.contract_id, 'charge', c.price_kopecks, b.booked_on,
            case when c.contract_id = $1 then b.booked_on + ${PAYMENT_TERM_DAYS} else b.booked_on end,
            c.id, 'freight', 'УПД № ' || c.track_number, b.booked_on, 'Перевозка, груз ' || c.track_number
     from cargos c
     cross join lateral (select case when c.contract_id = $1 then ${moscowDay('c.status_changed_at')}
                                     else ${moscowDay('c.created_at')} end as booked_on) b
     where c.owner_profile_id = $3 and c.contract_id is not null
       and ((c.contract_id = $1 and c.status in ('released', 'returned'))
         or (c.contract_id = $2 and c.status not in ('created', 'awaiting_dropoff', 'pickup', 'cancelled')))
     order by b.booked_on, c.id`,
    [company.post, company.pre, company.id],
  );
  await client.query(
    `insert into ledger_entries (contract_id, kind, amount_kopecks, booked_on, document_number, document_date, description)
     select m.contract_id, 'payment', m.amount, m.paid_on, 'П/п № ' || (1000 + row_number() over (order by m.paid_on, m.contract_id)),
            m.paid_on, 'Оплата по договору'
     from (
       select contract_id, (date_trunc('month', booked_on) + interval '1 month 9 days')::date as paid_on,
              (sum(amount_kopecks) * case when contract_id = $2 then 1.02 else 1 end)::bigint as amount
       from ledger_entries where kind = 'charge' and contract_id in ($1, $2)
       group by contract_id, date_trunc('month', booked_on)
     ) m
     where m.paid_on <= ${moscowDay('now()')}
     order by m.paid_on`,
    [company.post, company.pre],
  );
}

/** `requests` calls of `url()` by `CONCURRENCY` clients after a warm-up: p50, p99, status codes. */
async function measure(url, cookie, requests = REQUESTS) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  for (let i = 0; i < WARMUP; i += 1) await get(agent, url(), cookie);
  const latencies = [];
  const codes = new Map();
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < requests) {
        sent += 1;
        const res = await get(agent, url(), cookie);
        latencies.push(res.ms);
        codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: pick(latencies, 0.5), p99: pick(latencies, 0.99), codes: Object.fromEntries(codes) };
}

/** The scan nodes of a JSON plan: type, index, rows, heap fetches. */
function scansOf(plan) {
  const scans = [];
  const walk = (node) => {
    if (node['Relation Name']) scans.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return scans;
}

/**
 * EXPLAIN ANALYZE of each analytics statement for the company's default period, as the API runs
 * it (an unnamed statement: planned for its values). Prints the scan nodes, heap fetches and
 * time; true when every plan is an index-only scan of cargos_owner_analytics_idx.
 */
async function explainAnalytics(url, profileId) {
  const handle = await openDatabase({ url, maxConnections: 1 });
  try {
    const db = handle.db;
    const today = toIsoDate(new Date());
    const period = defaultAnalyticsPeriod(today);
    const previous = previousPeriod(period);
    const bind = scopeParams({ profileIds: [profileId], ...period });
    const both = scopeParams({ profileIds: [profileId], from: previous.from, to: period.to });
    const currentStart = sql.param(new Date(`${period.from}T00:00:00+03:00`).toISOString());
    const statements = {
      'numbers, average_numbers': periodFiguresQuery(db, both, currentStart),
      numbers_dynamic: monthlyMeasuresQuery(db, bind),
      cargo: measuresByQuery(db, bind, 'status'),
      transfer_participation: measuresByQuery(db, bind, 'customer_role'),
      delivery_type: measuresByQuery(db, bind, 'departure_delivery'),
      directions: topDirectionsQuery(db, bind, 'amount', 10),
    };
    let allIndexOnly = true;
    for (const [name, statement] of Object.entries(statements)) {
      const result = await db.execute(sql`explain (analyze, buffers, format json) ${statement}`);
      const [{ 'QUERY PLAN': plan }] = result.rows;
      const [root] = typeof plan === 'string' ? JSON.parse(plan) : plan;
      const scans = scansOf(root.Plan);
      allIndexOnly &&=
        scans.length > 0 &&
        scans.every((s) => s['Node Type'] === 'Index Only Scan' && s['Index Name'] === 'cargos_owner_analytics_idx');
      const described = scans
        .map(
          (s) =>
            `${s['Node Type']} using ${s['Index Name'] ?? '—'}: ${s['Actual Rows']} rows, heap fetches ${s['Heap Fetches'] ?? '—'}`,
        )
        .join('; ');
      console.log(`${name.padEnd(26)} ${root['Execution Time'].toFixed(2).padStart(7)} ms  ${described}`);
    }
    return allIndexOnly;
  } finally {
    await handle.close();
  }
}

const database = await prepareDatabase(
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  'bench_account',
);
let api;
let hello;
const client = new pg.Client({ connectionString: database.url });
try {
  console.log(`Database: ${database.url.replace(/\/\/[^@]*@/, '//…@')}`);
  api = await startApi(database.url);
  await client.connect();
  const company = await load(client);
  const cookie = await sessionFor(client, company.user_id);
  hello = await startHello();

  console.log('\nPlans of the analytics statements (EXPLAIN ANALYZE, the company, the default period):');
  const indexOnly = await explainAnalytics(database.url, company.id);
  console.log(
    `Every analytics statement an index-only scan of cargos_owner_analytics_idx: ${indexOnly ? 'yes' : 'NO'}` +
      (indexOnly ? '' : ' (with a small BENCH_ROWS PostgreSQL may rightly prefer another plan)'),
  );

  const account = `account_uuid=${company.account_uuid}`;
  const dataTypes = ['count', 'weight', 'volume', 'amount'];
  let turn = 0;
  const cycling = (base) => () => `${base}?${account}&data_type=${dataTypes[turn++ % dataTypes.length]}`;
  const month = () => {
    const d = new Date();
    d.setUTCMonth(d.getUTCMonth() - Math.floor(Math.random() * 12));
    return `year=${d.getUTCFullYear()}&month=${d.getUTCMonth() + 1}`;
  };
  const calls = [
    ['analytics/numbers', () => `${API_PATHS.analyticsNumbers}?${account}`],
    ['analytics/numbers_dynamic', () => `${API_PATHS.analyticsNumbersDynamic}?${account}`],
    ['analytics/average_numbers', () => `${API_PATHS.analyticsAverageNumbers}?${account}`],
    ['analytics/cargo', cycling(API_PATHS.analyticsCargo)],
    ['analytics/transfer_participation', cycling(API_PATHS.analyticsTransferParticipation)],
    ['analytics/delivery_type', cycling(API_PATHS.analyticsDeliveryType)],
    ['analytics/directions', cycling(API_PATHS.analyticsDirections)],
    ['settlements/contracts', () => `${API_PATHS.settlementContracts}?${account}`],
    ['settlements/review', () => `${API_PATHS.settlementReview}?contract_uuid=${company.post}&${month()}`],
    ['settlements/summary', () => `${API_PATHS.settlementSummary}?${account}`],
  ];

  const ready = [];
  const skipped = [];
  for (const [name, path] of calls) {
    const check = await get(new http.Agent(), `${api.url}${path()}`, cookie);
    if (check.status === 404) skipped.push(name);
    else if (check.status !== 200) throw new Error(`${name} answered ${check.status}: ${check.body}`);
    else ready.push([name, path]);
  }
  // The steady state is measured: every call runs a while first (the API's JIT, the pool's
  // connections, PostgreSQL's caches), so the first call measured pays for no one else.
  for (const [, path] of ready) await measure(() => `${api.url}${path()}`, cookie, WARMUP_PASS);
  const results = [];
  for (const [name, path] of ready) results.push({ name, ...(await measure(() => `${api.url}${path()}`, cookie)) });
  const helloResult = await measure(() => `${hello.url}/`, '');
  const health = await measure(() => `${api.url}/api/health`, '');

  console.log(
    `\nThe company's owner, ${ROWS.toLocaleString('en')} cargos (${company.cargos.toLocaleString('en')} the company's); ` +
      `API from ${api.source}, default log level (log: ${api.logFile}); ${REQUESTS} requests per call at ` +
      `${CONCURRENCY} concurrent; ${os.cpus().length} CPUs`,
  );
  let ok = true;
  for (const r of results) {
    const met = r.p99 <= GOAL_P99_MS && Object.keys(r.codes).every((code) => code === '200');
    ok &&= met;
    console.log(
      `${r.name.padEnd(34)} p50 ${r.p50.toFixed(2).padStart(7)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms  ` +
        `statuses ${JSON.stringify(r.codes)}  ${met ? 'PASS' : 'FAIL'}`,
    );
  }
  for (const name of skipped) console.log(`${name.padEnd(34)} not measured: answers 404 (not built yet)`);
  console.log(
    `${'reference: bare Fastify hello-world'.padEnd(34)} p50 ${helloResult.p50.toFixed(2).padStart(7)} ms  p99 ${helloResult.p99.toFixed(2).padStart(7)} ms`,
  );
  console.log(
    `${'reference: GET /api/health'.padEnd(34)} p50 ${health.p50.toFixed(2).padStart(7)} ms  p99 ${health.p99.toFixed(2).padStart(7)} ms`,
  );
  console.log(
    `Load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `\nbench:account ${ok ? 'PASS' : 'FAIL'} (goal: p99 ≤ ${GOAL_P99_MS} ms for each call measured` +
      `${skipped.length > 0 ? `; ${skipped.length} not measured` : ''})`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await client.end().catch(() => {});
  await hello?.stop();
  await api?.stop();
  await database.drop();
}
