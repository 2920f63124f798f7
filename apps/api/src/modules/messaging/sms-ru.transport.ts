import type { MessageTransport, OutgoingMessage } from './transport';
import { TransportError } from './transport';

export interface SmsRuOptions {
  apiId: string;
  /** https://sms.ru in production; tests point it at a local fake. */
  baseUrl: string;
  /** Approved sender name, if any. */
  from?: string | undefined;
  timeoutMs?: number;
}

interface SmsRuAnswer {
  status?: string;
  status_code?: number;
  status_text?: string;
  sms?: Record<string, { status?: string; status_code?: number; sms_id?: string; status_text?: string }>;
}

// SMS.ru codes that will not get better on retry: bad number, number banned, blocked sender, etc.
const PERMANENT_CODES = new Set([202, 203, 204, 205, 206, 207, 208, 209, 230, 231, 232]);

/**
 * SMS.ru over its HTTP API (POST /sms/send, `json=1`). A message counts as sent when the
 * top-level and the per-number status are both OK.
 */
export class SmsRuTransport implements MessageTransport {
  readonly name = 'sms.ru';
  constructor(private readonly options: SmsRuOptions) {}

  async send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }> {
    const to = message.to.replace(/\D/g, '');
    const form = new URLSearchParams({ api_id: this.options.apiId, to, msg: message.body, json: '1' });
    if (this.options.from) form.set('from', this.options.from);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/sms/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new TransportError(`sms.ru unreachable: ${(error as Error).message}`, false);
    }
    if (!response.ok)
      throw new TransportError(
        `sms.ru answered HTTP ${response.status}`,
        response.status < 500 && response.status !== 429,
      );
    let answer: SmsRuAnswer;
    try {
      answer = (await response.json()) as SmsRuAnswer;
    } catch {
      throw new TransportError('sms.ru answered with malformed JSON', false);
    }
    if (answer.status !== 'OK') {
      const code = answer.status_code ?? 0;
      throw new TransportError(
        `sms.ru refused the request: ${code} ${answer.status_text ?? ''}`.trim(),
        PERMANENT_CODES.has(code),
      );
    }
    const item = answer.sms?.[to];
    if (!item || item.status !== 'OK') {
      const code = item?.status_code ?? 0;
      throw new TransportError(
        `sms.ru refused the message: ${code} ${item?.status_text ?? ''}`.trim(),
        PERMANENT_CODES.has(code),
      );
    }
    return { providerMessageId: item.sms_id ?? null };
  }
}
