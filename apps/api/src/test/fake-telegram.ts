import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake Telegram Bot API on loopback for the API tests and the end-to-end run: the two methods
 * the product calls (getUpdates with long polling and offsets, sendMessage), under
 * /bot<token>/<method>, with Telegram's answer shapes. A test plays the person in the chat with
 * `sendText` and reads what the bot answered in `sent`.
 */

export interface FakeTelegramMessage {
  chatId: string;
  text: string;
  at: Date;
}

export interface FakeTelegramChat {
  id: number;
  type?: 'private' | 'group';
  username?: string;
  firstName?: string;
}

export interface FakeTelegram {
  /** Base URL for TELEGRAM_API_BASE_URL, e.g. http://127.0.0.1:54321. */
  url: string;
  token: string;
  /** Messages the bot sent (sendMessage), oldest first. */
  sent: FakeTelegramMessage[];
  /** The person in `chat` writes `text` to the bot (queued as an update for getUpdates). */
  sendText(chat: FakeTelegramChat, text: string): number;
  /** Updates not yet confirmed by an offset (what the next getUpdates would answer). */
  pendingUpdates(): number;
  /** Chats that blocked the bot: sendMessage to them answers 403 like Telegram. */
  blocked: Set<string>;
  /** Every call: method, time (tests check the token in the path was accepted). */
  calls: Array<{ method: string; at: Date }>;
  /** Resolves once `count` messages were sent to the bot in total (or after `timeoutMs`). */
  waitForSent(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

interface QueuedUpdate {
  update_id: number;
  message: {
    message_id: number;
    date: number;
    text: string;
    chat: { id: number; type: string; username?: string; first_name?: string };
    from: { id: number; is_bot: false; username?: string; first_name?: string };
  };
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => {
      try {
        resolve(data ? (JSON.parse(data) as Record<string, unknown>) : {});
      } catch {
        resolve({});
      }
    });
  });
}

/**
 * Starts the fake on 127.0.0.1 with a free port. `token` must be a well-formed bot token (the
 * API's configuration checks the form): a request with any other token answers 401 like Telegram.
 */
export async function startFakeTelegram(options: { token?: string; port?: number } = {}): Promise<FakeTelegram> {
  const token = options.token ?? '123456789:AAFakeTelegramTokenForTests_0123456789';
  const updates: QueuedUpdate[] = [];
  const sent: FakeTelegramMessage[] = [];
  const calls: FakeTelegram['calls'] = [];
  const blocked = new Set<string>();
  let nextUpdateId = 500_000_001;
  let nextMessageId = 1;
  const updateWaiters = new Set<() => void>();
  const sentWaiters = new Set<() => void>();

  const server: Server = createServer((req, res) => {
    void readJson(req).then(async (body) => {
      const reply = (status: number, answer: object) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      };
      // The test's own door (the end-to-end run starts the fake in another process than its tests):
      // POST /__fake/text {chat, text} plays the person; GET /__fake/sent lists what the bot sent.
      if (req.url === '/__fake/text' && req.method === 'POST') {
        const chat = body.chat as FakeTelegramChat | undefined;
        if (!chat || typeof chat.id !== 'number' || typeof body.text !== 'string') return reply(400, { ok: false });
        return reply(200, { ok: true, update_id: fake.sendText(chat, body.text) });
      }
      if (req.url === '/__fake/sent' && req.method === 'GET') {
        return reply(200, { ok: true, result: sent.map((m) => ({ ...m, at: m.at.toISOString() })) });
      }
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!match || req.method !== 'POST') return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, given, method] = match;
      calls.push({ method: method!, at: new Date() });
      if (given !== token) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });

      if (method === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        // Telegram forgets updates below the offset: they are confirmed.
        while (updates.length > 0 && updates[0]!.update_id < offset) updates.shift();
        const timeout = Math.min(Number(body.timeout ?? 0), 50);
        if (updates.length === 0 && timeout > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, timeout * 1000);
            function done() {
              clearTimeout(timer);
              updateWaiters.delete(done);
              resolve();
            }
            updateWaiters.add(done);
            req.on('close', done);
          });
        }
        return reply(200, { ok: true, result: updates.slice(0, 100) });
      }

      if (method === 'sendMessage') {
        const chatId = String(body.chat_id ?? '');
        const text = typeof body.text === 'string' ? body.text : '';
        if (!chatId || !text)
          return reply(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
        if (blocked.has(chatId)) {
          return reply(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
        }
        sent.push({ chatId, text, at: new Date() });
        for (const wake of [...sentWaiters]) wake();
        const messageId = nextMessageId++;
        return reply(200, {
          ok: true,
          result: {
            message_id: messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(chatId), type: 'private' },
            text,
          },
        });
      }

      return reply(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeTelegram = {
    url,
    token,
    sent,
    blocked,
    calls,
    sendText(chat, text) {
      const updateId = nextUpdateId++;
      updates.push({
        update_id: updateId,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          text,
          chat: {
            id: chat.id,
            type: chat.type ?? 'private',
            ...(chat.username ? { username: chat.username } : {}),
            ...(chat.firstName ? { first_name: chat.firstName } : {}),
          },
          from: {
            id: chat.id,
            is_bot: false,
            ...(chat.username ? { username: chat.username } : {}),
            ...(chat.firstName ? { first_name: chat.firstName } : {}),
          },
        },
      });
      for (const wake of [...updateWaiters]) wake();
      return updateId;
    },
    pendingUpdates: () => updates.length,
    waitForSent(count, timeoutMs = 10_000) {
      if (sent.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          sentWaiters.delete(check);
          resolve();
        };
        const check = () => {
          if (sent.length >= count) finish();
        };
        const timer = setTimeout(finish, timeoutMs);
        sentWaiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of [...updateWaiters]) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
