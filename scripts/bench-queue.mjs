#!/usr/bin/env node
// `npm run bench:queue`: the job queue (issue 18) draining 10 000 notification messages.
//
// Two "API instances" (two JobQueue handles, each with its own database connection pool and the
// product's Outbox worker, polling as `npm start` runs them: JOB_POLL_SECONDS=1, batches of 50)
// share one database. 10 000 status notices (SMS-sized texts to 10 000 numbers) are enqueued the
// way a bulk status change enqueues them — in transactions of 100 messages, each message a row of
// the outbox and a job of the `outbox.send` queue — while both workers run. The recording
// transport takes the messages (no provider is called). Measured from the outbox rows:
//   - throughput: messages sent per second, from the first enqueue to the last delivery;
//   - delay: per message, sent_at − created_at (enqueue → delivered), p50 / p99 / max;
//   - that every message was sent exactly once, and how the two instances shared the work.
// Reference in the same run: the same 10 000 rows inserted into a scratch table and then updated
// one statement per row by one client (the database's own pace for the same amount of writes).
//
// Database: PostgreSQL — BENCH_DATABASE_URL, else a throw-away database on the server of
// TEST_DATABASE_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped
// at the end. BENCH_PGLITE=1 runs it on PGlite (the demo's embedded database: one connection,
// one process) instead. Knobs: BENCH_JOBS (default 10 000).
// Run through tsx (`node --import tsx`), which lets it use the API's own queue and outbox.
import { openDatabase } from '@freight/db';
import { JobQueue } from '../apps/api/src/modules/jobs/job-queue.ts';
import { Outbox, OUTBOX_QUEUE } from '../apps/api/src/modules/messaging/outbox.service.ts';
import { RecordingTransport } from '../apps/api/src/modules/messaging/recording.transport.ts';
import { prepareDatabase } from './lib/bench-db.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const TX_SIZE = 100;
const PGLITE = process.env.BENCH_PGLITE === '1';

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A transport that only counts (the recording one keeps 100 messages; this keeps a tally). */
class CountingTransport {
  name = 'counting';
  constructor(label) {
    this.label = label;
    this.count = 0;
  }
  async send() {
    this.count += 1;
    return { providerMessageId: `${this.label}-${this.count}` };
  }
}

async function main() {
  const admin =
    process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const target = PGLITE ? null : await prepareDatabase(admin, 'bench_queue');
  const first = await openDatabase(PGLITE ? {} : { url: target.url, maxConnections: 10 });
  const second = PGLITE ? first : await openDatabase({ url: target.url, maxConnections: 10 });
  try {
    await first.migrate();
    const clock = () => new Date();
    const instances = [];
    for (const [label, database] of [
      ['A', first],
      ['B', second],
    ]) {
      const jobs = new JobQueue({ database, poll: true, pollSeconds: 1 });
      const transport = new CountingTransport(label);
      const outbox = new Outbox(
        database.db,
        { sms: transport, email: transport, telegram: transport, recorder: new RecordingTransport() },
        clock,
        jobs,
      );
      instances.push({ label, database, jobs, transport, outbox });
    }
    for (const instance of instances) await instance.jobs.start();

    // Reference: the database's pace for the same number of row writes, one client.
    const refStart = performance.now();
    await first.executeSql('create table if not exists bench_ref_rows (id int primary key, body text, sent boolean)');
    for (let i = 0; i < JOBS; i += TX_SIZE) {
      const values = [];
      const params = [];
      for (let j = 0; j < TX_SIZE && i + j < JOBS; j += 1) {
        params.push(`($${params.length * 2 + 1}, $${params.length * 2 + 2}, false)`);
        values.push(i + j, `ref ${i + j}`);
      }
      await first.executeSql(`insert into bench_ref_rows values ${params.join(', ')}`, values);
    }
    for (let i = 0; i < JOBS; i += 1) {
      await first.executeSql('update bench_ref_rows set sent = true where id = $1', [i]);
    }
    const refSeconds = (performance.now() - refStart) / 1000;
    await first.executeSql('drop table bench_ref_rows');

    console.log(
      `bench:queue on ${PGLITE ? 'PGlite (embedded, one process)' : 'PostgreSQL'}: ${JOBS} messages, 2 instances`,
    );
    const started = Date.now();
    const { db } = instances[0].database;
    for (let i = 0; i < JOBS; i += TX_SIZE) {
      await db.transaction(async (tx) => {
        for (let j = 0; j < TX_SIZE && i + j < JOBS; j += 1) {
          const n = i + j;
          await instances[0].outbox.enqueue(
            {
              channel: 'sms',
              to: `+7916${String(1_000_000 + n).slice(-7)}`,
              body: `«Магистраль»: груз MG-${n} — Прибыл на терминал. Отследить: https://example.ru/t/${n}`,
              bodyRedacted: `«Магистраль»: груз MG-${n} — Прибыл на терминал.`,
              kind: 'notice:cargo_status',
            },
            tx,
          );
        }
      });
      instances[0].jobs.wake(OUTBOX_QUEUE);
    }
    const enqueuedMs = Date.now() - started;

    const deadline = Date.now() + 15 * 60_000;
    for (;;) {
      const { rows } = await first.executeSql(`select count(*)::int as n from outbox where status = 'sent'`);
      if (rows[0].n >= JOBS) break;
      if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${JOBS} sent in 15 minutes`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const { rows } = await first.executeSql(
      `select extract(epoch from (sent_at - created_at)) * 1000 as delay_ms,
              extract(epoch from created_at) * 1000 as created_ms,
              extract(epoch from sent_at) * 1000 as sent_ms, attempts
         from outbox where kind = 'notice:cargo_status'`,
    );
    const delays = rows.map((r) => Number(r.delay_ms)).sort((a, b) => a - b);
    const firstCreated = Math.min(...rows.map((r) => Number(r.created_ms)));
    const lastSent = Math.max(...rows.map((r) => Number(r.sent_ms)));
    const seconds = (lastSent - firstCreated) / 1000;
    const twice = rows.filter((r) => Number(r.attempts) !== 1).length;
    const sentTotal = instances.reduce((sum, i) => sum + i.transport.count, 0);

    console.log(`  enqueued in ${(enqueuedMs / 1000).toFixed(1)} s (${Math.round(JOBS / (enqueuedMs / 1000))}/s)`);
    console.log(`  drained: ${JOBS} sent in ${seconds.toFixed(1)} s → ${Math.round(JOBS / seconds)} messages/s`);
    console.log(
      `  delay enqueue → sent: p50 ${quantile(delays, 0.5).toFixed(0)} ms, p99 ${quantile(delays, 0.99).toFixed(0)} ms, max ${delays.at(-1).toFixed(0)} ms`,
    );
    console.log(
      `  handed to transports: ${sentTotal} (A ${instances[0].transport.count}, B ${instances[1].transport.count}); rows with more than one attempt: ${twice}`,
    );
    console.log(
      `  reference, same run: ${JOBS} inserts (in batches of ${TX_SIZE}) + ${JOBS} single-row updates by one client: ${refSeconds.toFixed(1)} s → ${Math.round(JOBS / refSeconds)} rows/s`,
    );
    const exact = sentTotal === JOBS && twice === 0;
    console.log(exact ? 'PASS: every message sent exactly once' : 'FAIL: messages lost or sent twice');
    for (const instance of instances) await instance.jobs.stop();
    if (!exact) process.exitCode = 1;
  } finally {
    await first.close();
    if (second !== first) await second.close();
    await target?.drop();
  }
}

await main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
