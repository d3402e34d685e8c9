/**
 * SMS through an HTTP gateway: `POST SMS_GATEWAY_URL` with JSON `{ "to": "+66812345678", "text": "..." }` and,
 * when `SMS_GATEWAY_TOKEN` is set, `Authorization: Bearer <token>`. Any 2xx answer means accepted; anything else,
 * a network error or no answer within the timeout is a failure the dispatcher retries.
 */
import type { MessageTransport, TransportMessage } from './message-transport.ts';

export interface HttpSmsTransportOptions {
  url: string;
  token?: string | undefined;
  timeoutMs?: number;
}

export class HttpSmsTransport implements MessageTransport {
  readonly name = 'http' as const;
  readonly keepsLocally = false;
  private readonly timeoutMs: number;

  constructor(private readonly options: HttpSmsTransportOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async send(message: TransportMessage): Promise<void> {
    if (message.channel !== 'sms') throw new Error(`the SMS gateway sends SMS, not ${message.channel}`);
    // Outbox rows hold E.164 digits without the plus.
    const to = message.recipient.startsWith('+') ? message.recipient : `+${message.recipient}`;
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
        },
        body: JSON.stringify({ to, text: message.body }),
        // The token must not follow a redirect to another host.
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new Error(`SMS gateway did not answer within ${this.timeoutMs} ms`);
      }
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new Error(`SMS gateway unreachable${cause}`);
    }
    // The answer's body is not read into errors or logs: a gateway may echo the text, which holds the code.
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  }

  async close(): Promise<void> {}
}
