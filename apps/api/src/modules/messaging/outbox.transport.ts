/**
 * The local transport: messages stay in the outbox table, unsent and unmarked (status `pending`), where the dev
 * mailbox (mailbox.routes.ts) and tests read them. The dispatcher leaves channels on this transport alone.
 * Refused in production (config/env.ts): there nothing would ever reach the player.
 */
import type { MessageTransport } from './message-transport.ts';

export class OutboxTransport implements MessageTransport {
  readonly name = 'outbox' as const;
  readonly keepsLocally = true;

  async send(): Promise<void> {
    // Kept locally: the row in the outbox table is the message.
  }

  async close(): Promise<void> {}
}
