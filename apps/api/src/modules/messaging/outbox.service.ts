import type { Database } from '@freight/db';
import type { FastifyBaseLogger } from 'fastify';
import { claimDue, insertOutbox, markFailed, markRetry, markSent } from './outbox.repository';
import { RecordingTransport } from './recording.transport';
import { SmsRuTransport } from './sms-ru.transport';
import { SmtpTransport } from './smtp.transport';
import { TransportError, type MessageTransport } from './transport';

/** Attempts before a message is given up (status `failed`). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** How long one claim holds a message before another sender may take it over. */
const LOCK_MS = 60_000;
const BATCH = 20;

/** Pause before attempt `n + 1` after `n` failed attempts: 5 s, 10 s, 20 s … at most 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

export interface MessagingConfig {
  smsRu?: { apiId: string; baseUrl: string; from?: string | undefined } | undefined;
  smtpUrl?: string | undefined;
  mailFrom: string;
  pollMs: number;
}

export interface Transports {
  sms: MessageTransport;
  email: MessageTransport;
  /** Present when at least one channel has no real provider: it keeps those messages. */
  recorder: RecordingTransport | null;
}

/** Real providers where configured, the recording transport for the rest. */
export function createTransports(config: MessagingConfig, clock: () => Date): Transports {
  const needsRecorder = !config.smsRu || !config.smtpUrl;
  const recorder = needsRecorder ? new RecordingTransport(100, clock) : null;
  return {
    sms: config.smsRu ? new SmsRuTransport(config.smsRu) : recorder!,
    email: config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : recorder!,
    recorder,
  };
}

export interface EnqueueInput {
  channel: 'sms' | 'email';
  to: string;
  subject?: string | null;
  body: string;
  /** The body as it may be kept after delivery: codes and links replaced. */
  bodyRedacted: string;
  kind: string;
}

/**
 * Messages out: `enqueue` writes to the outbox (inside the caller's transaction when given
 * one); the sender loop claims due rows, hands them to the channel's transport and records the
 * result, retrying transient failures with growing pauses.
 */
export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly db: Database,
    readonly transports: Transports,
    private readonly clock: () => Date,
    private readonly pollMs: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async enqueue(input: EnqueueInput, db: Database = this.db): Promise<number> {
    const row = await insertOutbox(
      db,
      {
        channel: input.channel,
        recipient: input.to,
        subject: input.subject ?? null,
        body: input.body,
        bodyRedacted: input.bodyRedacted,
        kind: input.kind,
      },
      this.clock(),
    );
    return row.id;
  }

  /** Asks the loop to run soon (after a commit that enqueued something). */
  wake(): void {
    if (!this.timer) return;
    setImmediate(
      () => void this.runOnce().catch((error: unknown) => this.log?.warn({ err: error }, 'outbox run failed')),
    );
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.pending > 0) return;
      this.runOnce().catch((error: unknown) => this.log?.warn({ err: error }, 'outbox run failed'));
    }, this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
    const { email } = this.transports;
    if (email instanceof SmtpTransport) email.close();
  }

  /**
   * One pass: claims and sends every due message. Passes never overlap: a call made while one
   * is in flight runs right after it, so a caller that just enqueued something sees it handled.
   */
  runOnce(): Promise<number> {
    const next = this.chain.then(() => this.pass());
    this.chain = next.catch(() => 0);
    this.pending += 1;
    return next.finally(() => {
      this.pending -= 1;
    });
  }

  /** Runs passes until nothing is due (tests, shutdown). */
  async flush(): Promise<void> {
    while ((await this.runOnce()) > 0) {
      /* keep going */
    }
  }

  private async pass(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await claimDue(this.db, this.clock(), LOCK_MS, BATCH);
      if (batch.length === 0) return handled;
      for (const row of batch) {
        handled += 1;
        const channel = row.channel === 'email' ? 'email' : 'sms';
        const transport = this.transports[channel];
        try {
          const { providerMessageId } = await transport.send({
            id: row.id,
            channel,
            to: row.recipient,
            subject: row.subject,
            body: row.body,
            kind: row.kind,
          });
          await markSent(this.db, row.id, providerMessageId, this.clock());
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const permanent = error instanceof TransportError && error.permanent;
          if (permanent || row.attempts >= OUTBOX_MAX_ATTEMPTS) {
            await markFailed(this.db, row.id, message);
            this.log?.error({ outboxId: row.id, transport: transport.name, error: message }, 'message not delivered');
          } else {
            await markRetry(this.db, row.id, message, new Date(this.clock().getTime() + retryDelayMs(row.attempts)));
            this.log?.warn(
              { outboxId: row.id, transport: transport.name, error: message },
              'message delivery failed, will retry',
            );
          }
        }
      }
      if (batch.length < BATCH) return handled;
    }
  }
}
