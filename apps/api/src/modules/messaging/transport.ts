/** One message handed to a transport. */
export interface OutgoingMessage {
  id: number;
  channel: 'sms' | 'email' | 'telegram';
  /** +7XXXXXXXXXX for SMS, an address for e-mail, a chat id for Telegram. */
  to: string;
  subject: string | null;
  body: string;
  kind: string;
}

/** A provider behind an interface: SMS.ru, SMTP, or the recording transport. */
export interface MessageTransport {
  readonly name: string;
  /** Delivers the message or throws {@link TransportError}; returns the provider's message id. */
  send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }>;
}

/**
 * A failed delivery. `permanent` failures (a rejected number, a refused address) are not
 * retried; anything else (network, 5xx, timeouts, provider throttling) is, with back-off.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}
