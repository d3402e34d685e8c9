/**
 * How an outgoing message leaves (DESIGN section 6). Every e-mail and SMS is first written to the outbox table;
 * the transport of its channel then either keeps it there (`outbox`, for local use and tests) or delivers it
 * (`smtp` for e-mail, `http` for SMS), driven by the dispatcher.
 */
import type { OutboxRow } from './outbox.repository.ts';

export type MessageChannel = OutboxRow['channel'];

/** What a transport needs of an outbox row. The body holds codes and links: it is never logged. */
export type TransportMessage = Pick<OutboxRow, 'id' | 'channel' | 'recipient' | 'lang' | 'subject' | 'body'>;

export interface MessageTransport {
  readonly name: 'outbox' | 'smtp' | 'http';
  /** True for `outbox`: nothing to send, the message stays (pending) in the table for the dev mailbox and tests. */
  readonly keepsLocally: boolean;
  /** Resolves once the far side accepted the message; rejects with an error that does not contain the body. */
  send(message: TransportMessage): Promise<void>;
  close(): Promise<void>;
}
