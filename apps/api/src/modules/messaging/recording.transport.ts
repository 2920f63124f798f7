import type { MessageTransport, OutgoingMessage } from './transport';

export interface RecordedMessage {
  id: number;
  channel: 'sms' | 'email' | 'telegram';
  to: string;
  subject: string | null;
  body: string;
  kind: string;
  recordedAt: Date;
}

/**
 * Keeps messages in memory instead of sending them (no provider configured). The newest
 * `capacity` messages are kept; the demo page and the tests read them.
 */
export class RecordingTransport implements MessageTransport {
  readonly name = 'recording';
  private readonly messages: RecordedMessage[] = [];

  constructor(
    private readonly capacity = 100,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }> {
    this.messages.push({ ...message, recordedAt: this.clock() });
    if (this.messages.length > this.capacity) this.messages.splice(0, this.messages.length - this.capacity);
    return Promise.resolve({ providerMessageId: `recorded-${message.id}` });
  }

  /** Recorded messages, newest first. */
  list(): RecordedMessage[] {
    return [...this.messages].reverse();
  }
}
