/**
 * E-mail over SMTP with nodemailer: `SMTP_URL` (`smtp://user:pass@host:587`, STARTTLS when the server offers it;
 * `smtps://...:465` for TLS from the start; production requires one or the other, `requireTls`) and `MAIL_FROM`. Plain-text mails in the member's language, as the
 * outbox row holds them. Every send is bounded in time, so a hung server cannot hold the dispatcher.
 */
import { createTransport } from 'nodemailer';
import type { MessageTransport, TransportMessage } from './message-transport.ts';

export interface SmtpTransportOptions {
  url: string;
  from: string;
  /** Upper bound of one send, connection included. */
  timeoutMs?: number;
  /**
   * Refuse to send over a connection that is not encrypted: `smtp://` must upgrade with STARTTLS (production: the
   * mails carry sign-in codes and reset links). `smtps://` is encrypted from the start either way.
   */
  requireTls?: boolean;
}

export class SmtpTransport implements MessageTransport {
  readonly name = 'smtp' as const;
  readonly keepsLocally = false;
  private readonly mailer: ReturnType<typeof createTransport>;
  private readonly timeoutMs: number;

  constructor(options: SmtpTransportOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.mailer = createTransport(
      {
        url: options.url,
        requireTLS: options.requireTls ?? false,
        connectionTimeout: Math.min(this.timeoutMs, 10_000),
        greetingTimeout: Math.min(this.timeoutMs, 10_000),
        socketTimeout: this.timeoutMs,
      },
      { from: options.from },
    );
  }

  async send(message: TransportMessage): Promise<void> {
    if (message.channel !== 'email')
      throw new Error(`the SMTP transport sends e-mail, not ${message.channel}`);
    await this.mailer.sendMail({
      to: message.recipient,
      subject: message.subject,
      text: message.body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }

  async close(): Promise<void> {
    this.mailer.close();
  }
}
