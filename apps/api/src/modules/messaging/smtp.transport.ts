import nodemailer, { type Transporter } from 'nodemailer';
import type { MessageTransport, OutgoingMessage } from './transport';
import { TransportError } from './transport';

/** E-mail through any SMTP server (nodemailer), configured by one URL: smtp(s)://user:pass@host:port. */
export class SmtpTransport implements MessageTransport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }> {
    try {
      const info = await this.transporter.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.body,
      });
      return { providerMessageId: typeof info.messageId === 'string' ? info.messageId : null };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx: the server refused for good (no such mailbox, policy); 4xx and network: try later.
      throw new TransportError(`SMTP: ${(error as Error).message}`, typeof code === 'number' && code >= 500);
    }
  }

  close(): void {
    this.transporter.close();
  }
}
