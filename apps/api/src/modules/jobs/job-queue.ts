import { sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '@freight/db';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

/** The schema pg-boss keeps its tables in (created and migrated by pg-boss itself on start). */
export const JOB_SCHEMA = 'pgboss';
/** Jobs a worker takes per fetch. */
const DEFAULT_BATCH = 50;

/** How one queue's jobs are retried and kept. */
export interface QueueSettings {
  /** Attempts after the first one (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10). */
  retryDelaySeconds?: number;
  /** Each retry waits twice as long as the one before (default true). */
  retryBackoff?: boolean;
  /** A job running longer than this is failed and retried (default 15 minutes). */
  expireInSeconds?: number;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Database;
  /** Not before this moment (quiet hours, a retry schedule of our own). */
  startAfter?: Date;
  singletonKey?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
}

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** How many times this job failed before (0 on the first attempt). */
  retryCount: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface JobQueueOptions {
  database: Pick<DatabaseHandle, 'executeSql'>;
  log?: FastifyBaseLogger | undefined;
  /**
   * Whether this process takes jobs on its own (pg-boss workers polling every `pollSeconds`).
   * Tests turn it off and call {@link JobQueue.drain}; every instance of a deployment keeps it on.
   */
  poll: boolean;
  pollSeconds?: number;
  /** Jobs a worker takes per fetch. */
  batchSize?: number;
  /** pg-boss's maintenance (expiry, archiving, deletion of old jobs); off in tests. */
  maintenance?: boolean;
}

interface Registered {
  settings: QueueSettings;
  handler: JobHandler<unknown> | null;
  /** The pg-boss worker of this queue in this process (when polling). */
  workerId: string | null;
  /** The order a fetched batch is done in (pg-boss hands a batch over in no particular order). */
  sortKey: ((data: unknown) => number) | null;
}

/** Runs `work` again when PostgreSQL picked it as a deadlock victim (40P01), a few times. */
async function retryDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}

/**
 * pg-boss wants `{ rows }` from `executeSql(text, values)`. Inside a Drizzle transaction the SQL
 * goes through the transaction's own connection: `$n` placeholders become Drizzle parameters.
 */
export function transactionExecutor(tx: Database): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        if (i % 2 === 0) {
          if (part) chunks.push(sql.raw(part));
        } else {
          chunks.push(sql`${values[Number(part) - 1] ?? null}`);
        }
      });
      const result = (await tx.execute(sql.join(chunks, sql.raw('')))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * Background work that survives restarts and is shared by every API instance: a pg-boss queue
 * in the application's own database (PostgreSQL, or PGlite in the demo — same SQL, one process).
 * Queues are declared with their retry policy before start; `send` refuses an undeclared one
 * (pg-boss would drop the job silently). A job sent with `tx` is committed with the caller's
 * change or not at all.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, Registered>();
  private started = false;
  private stopping = false;
  /** Batches this process's workers are doing now: `drain` waits for them. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Jobs finished by this process, per queue (health, benchmarks). */
  readonly done = new Map<string, number>();

  constructor(private readonly options: JobQueueOptions) {
    const { database } = options;
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
      schema: JOB_SCHEMA,
      schedule: false,
      supervise: options.maintenance ?? options.poll,
      migrate: true,
    });
    this.boss.on('error', (error: unknown) => options.log?.error({ err: error }, 'job queue error'));
  }

  /** Declares a queue with its retry policy (before `start`). */
  declare(queue: string, settings: QueueSettings = {}): void {
    if (this.started) throw new Error(`Queue ${queue} declared after start`);
    if (!this.queues.has(queue)) this.queues.set(queue, { settings, handler: null, workerId: null, sortKey: null });
  }

  /** Declares a queue (if needed) and the function that does its jobs in this process. */
  work<T>(
    queue: string,
    handler: JobHandler<T>,
    settings: QueueSettings = {},
    options: { /** Jobs of one batch are done in ascending order of this key. */ sortKey?: (data: T) => number } = {},
  ): void {
    this.declare(queue, settings);
    const entry = this.queues.get(queue)!;
    if (entry.handler) throw new Error(`Queue ${queue} already has a worker`);
    entry.handler = handler as JobHandler<unknown>;
    entry.sortKey = (options.sortKey as ((data: unknown) => number) | undefined) ?? null;
  }

  /** Creates the tables (first start) and the declared queues; starts the workers when polling. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const [name, { settings }] of this.queues) {
      const policy = {
        name,
        policy: 'standard' as const,
        retryLimit: settings.retryLimit ?? 5,
        retryDelay: settings.retryDelaySeconds ?? 10,
        retryBackoff: settings.retryBackoff ?? true,
        expireInSeconds: settings.expireInSeconds ?? 15 * 60,
      };
      // createQueue keeps an existing queue as it is; updateQueue brings its policy up to date.
      // Two instances starting together on a new queue can deadlock inside pg-boss: the loser retries.
      await retryDeadlock(() => this.boss.createQueue(name, policy));
      await retryDeadlock(() => this.boss.updateQueue(name, policy));
    }
    this.started = true;
    if (!this.options.poll) return;
    for (const [name, entry] of this.queues) {
      const { handler } = entry;
      if (!handler) continue;
      entry.workerId = await this.boss.work(
        name,
        {
          batchSize: this.options.batchSize ?? DEFAULT_BATCH,
          pollingIntervalSeconds: this.options.pollSeconds ?? 1,
          includeMetadata: true,
        },
        (jobs) => this.track(this.runBatch(name, handler, jobs)),
      );
    }
  }

  private async track(batch: Promise<void>): Promise<void> {
    this.inFlight.add(batch);
    try {
      await batch;
    } finally {
      this.inFlight.delete(batch);
    }
  }

  async stop(): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    // Waits for the jobs in hand; the database is closed by its owner, not here.
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
    this.started = false;
  }

  /** Enqueues one job; returns its id. */
  async send<T extends object>(queue: string, data: T, options: SendOptions = {}): Promise<string> {
    if (!this.queues.has(queue)) throw new Error(`Unknown queue ${queue}`);
    const sendOptions: PgBoss.SendOptions = {};
    if (options.tx) sendOptions.db = transactionExecutor(options.tx);
    // pg-boss takes jobs whose start_after < now(): a job defaulting to now() is not yet due within
    // the same instant (a send and an immediate drain). A moment in the past is due at once.
    sendOptions.startAfter = options.startAfter ?? new Date(Date.now() - 1_000);
    if (options.singletonKey) sendOptions.singletonKey = options.singletonKey;
    if (options.retryLimit !== undefined) sendOptions.retryLimit = options.retryLimit;
    if (options.retryDelaySeconds !== undefined) sendOptions.retryDelay = options.retryDelaySeconds;
    if (options.retryBackoff !== undefined) sendOptions.retryBackoff = options.retryBackoff;
    const id = await this.boss.send(queue, data, sendOptions);
    if (!id) throw new Error(`Queue ${queue} refused a job`);
    // Outside a transaction the job is visible now: this process's worker takes it at once.
    if (!options.tx && !options.startAfter) this.wake(queue);
    return id;
  }

  /**
   * Asks this process's worker of `queue` to look now instead of at its next poll (after a
   * commit that enqueued something). Other instances find the job at their next poll.
   */
  wake(queue: string): void {
    const workerId = this.queues.get(queue)?.workerId;
    if (workerId && !this.stopping) this.boss.notifyWorker(workerId);
  }

  /** Many jobs of one queue in one statement (benchmarks, fan-outs). */
  async sendMany<T extends object>(queue: string, items: readonly T[], options: { tx?: Database } = {}): Promise<void> {
    if (!this.queues.has(queue)) throw new Error(`Unknown queue ${queue}`);
    if (items.length === 0) return;
    const due = new Date(Date.now() - 1_000);
    const jobs = items.map((data) => ({ name: queue, data, startAfter: due }));
    if (options.tx) await this.boss.insert(jobs, { db: transactionExecutor(options.tx) });
    else await this.boss.insert(jobs);
  }

  /**
   * Does every due job of `queues` (default: all with a worker here) in this process until none
   * is left, and returns how many ran. Tests use it instead of polling; `includeDeferred` also
   * takes jobs whose start is still in the future (a test's "the morning has come").
   */
  async drain(
    queues?: readonly string[],
    options: { includeDeferred?: boolean; /** One fetch per queue, not until empty. */ once?: boolean } = {},
  ): Promise<number> {
    const names = queues ?? [...this.queues].filter(([, q]) => q.handler).map(([name]) => name);
    let total = 0;
    for (;;) {
      // What this process's own workers hold now is finished first: drained means done.
      await Promise.allSettled([...this.inFlight]);
      let round = 0;
      for (const name of names) {
        const handler = this.queues.get(name)?.handler;
        if (!handler) throw new Error(`Queue ${name} has no worker in this process`);
        const jobs = await this.boss.fetch<object>(name, {
          batchSize: 50,
          includeMetadata: true,
          ...(options.includeDeferred ? { ignoreStartAfter: true } : {}),
        });
        if (jobs.length === 0) continue;
        round += jobs.length;
        await this.track(this.runBatch(name, handler, jobs));
      }
      total += round;
      if (round === 0 || options.once) {
        await Promise.allSettled([...this.inFlight]);
        return total;
      }
    }
  }

  /** Counts of a queue's jobs by state (tests, health). */
  async counts(queue: string): Promise<Record<string, number>> {
    const { rows } = await this.options.database.executeSql(
      `select state, count(*)::int as n from ${JOB_SCHEMA}.job where name = $1 group by state`,
      [queue],
    );
    return Object.fromEntries(rows.map((r) => [String(r.state), Number(r.n)]));
  }

  /**
   * Runs a fetched batch one job at a time and settles it: the jobs that succeeded are completed
   * together, each failed one is failed with its error (pg-boss then retries it after the
   * queue's delay, or gives up past the retry limit). A full batch means more are waiting: the
   * worker looks again at once instead of sleeping until its next poll.
   */
  private async runBatch(
    name: string,
    handler: JobHandler<unknown>,
    jobs: ReadonlyArray<PgBoss.Job<unknown> & { retryCount?: number }>,
  ): Promise<void> {
    const succeeded: string[] = [];
    const sortKey = this.queues.get(name)?.sortKey;
    const ordered = sortKey ? [...jobs].sort((a, b) => sortKey(a.data) - sortKey(b.data)) : jobs;
    for (const job of ordered) {
      try {
        await handler({ id: job.id, name, data: job.data, retryCount: job.retryCount ?? 0 });
        succeeded.push(job.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.options.log?.warn({ queue: name, jobId: job.id, error: message }, 'job failed');
        await this.boss.fail(name, job.id, { message: message.slice(0, 500) });
      }
    }
    if (succeeded.length > 0) {
      await this.boss.complete(name, succeeded);
      this.done.set(name, (this.done.get(name) ?? 0) + succeeded.length);
    }
    if (jobs.length >= (this.options.batchSize ?? DEFAULT_BATCH)) this.wake(name);
  }
}
