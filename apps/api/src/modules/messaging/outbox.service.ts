import type { Database } from '@freight/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/job-queue';
import { claimMessage, insertOutbox, markFailed, markRetry, markSent } from './outbox.repository';
import { RecordingTransport } from './recording.transport';
import { SmsRuTransport } from './sms-ru.transport';
import { SmtpTransport } from './smtp.transport';
import { TelegramBotApi, TelegramTransport } from './telegram.transport';
import { TransportError, type MessageTransport } from './transport';

/** Attempts before a message is given up (status `failed`): the first and seven retries. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** The job queue that sends outbox messages; one job per message. */
export const OUTBOX_QUEUE = 'outbox.send';
/** Seconds before the first retry; pg-boss doubles it (with jitter) for each further one. */
const RETRY_DELAY_SECONDS = 5;

export interface MessagingConfig {
  smsRu?: { apiId: string; baseUrl: string; from?: string | undefined } | undefined;
  smtpUrl?: string | undefined;
  mailFrom: string;
  /** The Telegram bot (issue 18): status notifications to linked chats. */
  telegram?: { token: string; baseUrl: string } | undefined;
}

export interface Transports {
  sms: MessageTransport;
  email: MessageTransport;
  telegram: MessageTransport;
  /** Present when at least one channel has no real provider: it keeps those messages. */
  recorder: RecordingTransport | null;
}

/** Real providers where configured, the recording transport for the rest. */
export function createTransports(config: MessagingConfig, clock: () => Date): Transports {
  const needsRecorder = !config.smsRu || !config.smtpUrl || !config.telegram;
  const recorder = needsRecorder ? new RecordingTransport(100, clock) : null;
  return {
    sms: config.smsRu ? new SmsRuTransport(config.smsRu) : recorder!,
    email: config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : recorder!,
    telegram: config.telegram ? new TelegramTransport(new TelegramBotApi(config.telegram)) : recorder!,
    recorder,
  };
}

export interface EnqueueInput {
  channel: 'sms' | 'email' | 'telegram';
  to: string;
  subject?: string | null;
  body: string;
  /** The body as it may be kept after delivery: codes and links replaced. */
  bodyRedacted: string;
  kind: string;
  /** Not sent before this moment (quiet hours); now when absent. */
  notBefore?: Date | undefined;
}

/**
 * Messages out: `enqueue` writes the message to the outbox and a job to the queue (inside the
 * caller's transaction when given one, so a rolled-back change sends nothing). The queue's
 * worker — in whichever API instance takes the job — hands the message to its channel's
 * transport and records the result; a transient failure is retried by the queue with growing
 * pauses, a permanent one (or the last attempt) marks the message failed.
 */
export class Outbox {
  private workerId: string | null = null;

  constructor(
    private readonly db: Database,
    readonly transports: Transports,
    private readonly clock: () => Date,
    private readonly jobs: JobQueue,
    private readonly log?: FastifyBaseLogger,
  ) {
    jobs.work<{ id: number }>(
      OUTBOX_QUEUE,
      (job) => this.deliver(job.data.id, job.retryCount),
      {
        retryLimit: OUTBOX_MAX_ATTEMPTS - 1,
        retryDelaySeconds: RETRY_DELAY_SECONDS,
        retryBackoff: true,
        expireInSeconds: 5 * 60,
      },
      // Messages of one batch go out in the order they were queued.
      { sortKey: (data) => data.id },
    );
  }

  async enqueue(input: EnqueueInput, db: Database = this.db): Promise<number> {
    const now = this.clock();
    const notBefore = input.notBefore && input.notBefore > now ? input.notBefore : null;
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
      notBefore ?? now,
      now,
    );
    await this.jobs.send(
      OUTBOX_QUEUE,
      { id: row.id },
      { ...(db !== this.db ? { tx: db } : {}), ...(notBefore ? { startAfter: notBefore } : {}) },
    );
    return row.id;
  }

  /** After a commit that enqueued messages: this process's worker sends them at once. */
  wake(): void {
    this.jobs.wake(OUTBOX_QUEUE);
  }

  async stop(): Promise<void> {
    const { email } = this.transports;
    if (email instanceof SmtpTransport) email.close();
  }

  /** Sends every due message now in this process (tests, shutdown). */
  async flush(options: { includeDeferred?: boolean; once?: boolean } = {}): Promise<number> {
    return this.jobs.drain([OUTBOX_QUEUE], options);
  }

  /**
   * One attempt at message `id` (the job's `retryCount` earlier attempts failed). The row is
   * claimed first, so a message that is already sent or failed is never sent again, whoever
   * runs the job. Throws on a transient failure so the queue retries it.
   */
  private async deliver(id: number, retryCount: number): Promise<void> {
    const row = await claimMessage(this.db, id);
    if (!row) return;
    const channel = row.channel === 'email' || row.channel === 'telegram' ? row.channel : 'sms';
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
      if (permanent || retryCount + 1 >= OUTBOX_MAX_ATTEMPTS) {
        await markFailed(this.db, row.id, message);
        this.log?.error({ outboxId: row.id, transport: transport.name, error: message }, 'message not delivered');
        return;
      }
      await markRetry(this.db, row.id, message);
      this.log?.warn(
        { outboxId: row.id, transport: transport.name, error: message },
        'message delivery failed, will retry',
      );
      throw new TransportError(message, false);
    }
  }
}
