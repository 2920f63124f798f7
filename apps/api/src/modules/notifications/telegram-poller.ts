import type { Database } from '@freight/db';
import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Outbox } from '../messaging/outbox.service';
import { TelegramApiError, type TelegramBotApi, type TelegramUpdate } from '../messaging/telegram.transport';
import * as repo from './notifications.repository';
import { linkCodeHash, sendBotText } from './notifications.service';

/*
 * The bot's side of linking (issue 18), by long polling getUpdates: works behind NAT, needs no
 * public URL. `/start <code>` in a private chat links the chat to the user the code was made for
 * and answers «Уведомления подключены»; `/stop` unlinks the chat. Each update is handled in one
 * transaction with the advance of the stored offset, so it is handled once even when several API
 * instances poll (Telegram then answers some of them 409, which they wait out).
 */

const B = NOTIFICATIONS_TEXTS.bot;

const START = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;
const STOP = /^\/stop(?:@\w+)?\s*$/;
const HELP = /^\/help(?:@\w+)?\s*$/;
const CODE = /^[A-Za-z0-9_-]{16,64}$/;

/** Pause after a failed poll, doubling up to a minute. */
const BACKOFF_MS = [1_000, 2_000, 5_000, 15_000, 60_000];

export interface TelegramPollerDeps {
  db: Database;
  api: TelegramBotApi;
  outbox: Outbox;
  clock: () => Date;
  /** getUpdates long-poll timeout of the loop (0: short polls a second apart). */
  timeoutSeconds: number;
  log?: FastifyBaseLogger | undefined;
}

function chatLabel(update: TelegramUpdate): string | null {
  const chat = update.message?.chat;
  if (chat?.username) return `@${chat.username}`;
  return chat?.first_name?.slice(0, 64) ?? null;
}

export class TelegramPoller {
  private controller: AbortController | null = null;
  private loop: Promise<void> | null = null;

  constructor(private readonly deps: TelegramPollerDeps) {}

  /** One getUpdates call (waiting up to `timeoutSeconds`) and the handling of what it brought; returns how many. */
  async pollOnce(timeoutSeconds = 0, signal?: AbortSignal): Promise<number> {
    const { db, api } = this.deps;
    const offset = await repo.readBotOffset(db, api.botId);
    const updates = await api.getUpdates(offset, timeoutSeconds, signal);
    for (const update of updates) {
      await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const current = await repo.lockBotOffset(tx, api.botId);
        if (update.update_id < current) return;
        await this.handle(tx, update);
        await repo.setBotOffset(tx, api.botId, update.update_id + 1);
      });
    }
    if (updates.length > 0) this.deps.outbox.wake();
    return updates.length;
  }

  private async handle(tx: Database, update: TelegramUpdate): Promise<void> {
    const message = update.message;
    const text = message?.text?.trim();
    if (!message || !text) return;
    const chatId = String(message.chat.id);
    const start = START.exec(text);
    if (start) {
      if (message.chat.type !== 'private') return sendBotText(this.deps.outbox, tx, chatId, B.privateOnly);
      const code = start[1];
      if (!code) return sendBotText(this.deps.outbox, tx, chatId, B.help);
      const now = this.deps.clock();
      const userId = CODE.test(code) ? await repo.consumeLinkCode(tx, linkCodeHash(code), now) : null;
      if (userId === null) return sendBotText(this.deps.outbox, tx, chatId, B.codeInvalid);
      await repo.unlinkUser(tx, userId, now);
      await repo.insertLink(tx, { userId, chatId, chatLabel: chatLabel(update), linkedAt: now });
      this.deps.log?.info({ userId }, 'telegram chat linked');
      return sendBotText(this.deps.outbox, tx, chatId, B.linked);
    }
    if (STOP.test(text)) {
      const ended = await repo.unlinkChat(tx, chatId, this.deps.clock());
      if (ended > 0) return sendBotText(this.deps.outbox, tx, chatId, B.stopped);
      return;
    }
    if (HELP.test(text) && message.chat.type === 'private') return sendBotText(this.deps.outbox, tx, chatId, B.help);
  }

  /** Starts the polling loop (once); errors are logged and waited out, never thrown. */
  start(): void {
    if (this.loop) return;
    const controller = new AbortController();
    this.controller = controller;
    const { signal } = controller;
    this.loop = (async () => {
      let failures = 0;
      while (!signal.aborted) {
        try {
          const got = await this.pollOnce(this.deps.timeoutSeconds, signal);
          failures = 0;
          if (got === 0 && this.deps.timeoutSeconds === 0) await pause(1_000, signal);
        } catch (error) {
          if (signal.aborted) break;
          const wait = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
          failures += 1;
          const retryAfter = error instanceof TelegramApiError ? error.retryAfterSeconds : null;
          this.deps.log?.warn(
            { error: error instanceof Error ? error.message : String(error) },
            'telegram getUpdates failed, will retry',
          );
          await pause(retryAfter ? retryAfter * 1000 : wait, signal);
        }
      }
    })();
  }

  async stop(): Promise<void> {
    this.controller?.abort();
    await this.loop;
    this.loop = null;
    this.controller = null;
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
