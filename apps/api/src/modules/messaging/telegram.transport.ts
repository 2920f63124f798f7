import type { MessageTransport, OutgoingMessage } from './transport';
import { TransportError } from './transport';

export interface TelegramBotOptions {
  /** The bot's token from @BotFather. Secret: it is part of every request path, never logged. */
  token: string;
  /** https://api.telegram.org in production; tests point it at a local fake. */
  baseUrl: string;
  timeoutMs?: number;
}

/** The parts of a Telegram update the bot reads (a private message). */
export interface TelegramUpdate {
  update_id: number;
  message?: {
    message_id: number;
    text?: string;
    chat: { id: number; type: string; username?: string; first_name?: string };
    from?: { id: number; username?: string; first_name?: string };
  };
}

interface BotAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** A Bot API call that failed: `status` is the HTTP status (0 when the API was not reached). */
export class TelegramApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'TelegramApiError';
  }
}

/** The bot's numeric id: the part of the token before the colon (public, unlike the rest). */
export function telegramBotId(token: string): string {
  return token.split(':')[0] ?? '';
}

/**
 * The Telegram Bot API over HTTPS (JSON bodies): the two methods the product uses. Errors never
 * carry the request URL, which holds the token.
 */
export class TelegramBotApi {
  constructor(private readonly options: TelegramBotOptions) {}

  get botId(): string {
    return telegramBotId(this.options.token);
  }

  private async call<T>(method: string, body: object, timeoutMs: number, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      const timeout = AbortSignal.timeout(timeoutMs);
      response = await fetch(`${this.options.baseUrl}/bot${this.options.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      const name = (error as Error).name;
      throw new TelegramApiError(
        `telegram ${method} unreachable: ${name === 'TimeoutError' || name === 'AbortError' ? name : 'network error'}`,
        0,
      );
    }
    let answer: BotAnswer<T>;
    try {
      answer = (await response.json()) as BotAnswer<T>;
    } catch {
      throw new TelegramApiError(`telegram ${method} answered HTTP ${response.status} without JSON`, response.status);
    }
    if (!response.ok || !answer.ok || answer.result === undefined) {
      const description = (answer.description ?? '').slice(0, 200);
      throw new TelegramApiError(
        `telegram ${method} refused: ${answer.error_code ?? response.status} ${description}`.trim(),
        answer.error_code ?? response.status,
        answer.parameters?.retry_after ?? null,
      );
    }
    return answer.result;
  }

  /** Updates from `offset` on, waiting up to `timeoutSeconds` for one to arrive (long polling). */
  getUpdates(offset: number, timeoutSeconds: number, signal?: AbortSignal): Promise<TelegramUpdate[]> {
    return this.call<TelegramUpdate[]>(
      'getUpdates',
      { offset, timeout: timeoutSeconds, allowed_updates: ['message'] },
      (timeoutSeconds + 10) * 1000,
      signal,
    );
  }

  /** Sends a text message; returns Telegram's message id. */
  async sendMessage(chatId: string, text: string): Promise<number> {
    const result = await this.call<{ message_id: number }>(
      'sendMessage',
      { chat_id: chatId, text, link_preview_options: { is_disabled: true } },
      this.options.timeoutMs ?? 10_000,
    );
    return result.message_id;
  }
}

/**
 * Outbox messages of the `telegram` channel (`to` is the chat id). Permanent failures: the chat
 * is gone or the person blocked the bot (400, 403); anything else — network, 5xx, 429 flood
 * control — is retried by the outbox.
 */
export class TelegramTransport implements MessageTransport {
  readonly name = 'telegram';
  constructor(private readonly api: TelegramBotApi) {}

  async send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }> {
    try {
      const id = await this.api.sendMessage(message.to, message.body);
      return { providerMessageId: String(id) };
    } catch (error) {
      if (!(error instanceof TelegramApiError)) throw error;
      const permanent = error.status === 400 || error.status === 403 || error.status === 401 || error.status === 404;
      throw new TransportError(error.message, permanent);
    }
  }
}
