/**
 * The messaging module's public file: what the rest of the API and its tests use of it. Everything else in this
 * folder is the module's own (apps/api/README.md "Layers").
 */
export { messageDispatchJob } from './message-dispatch.job.ts';
export { outbox } from './outbox.ts';
// What stands where a sent or expired message's code or link was (tests, the retention job's).
export { scrubbedMark } from './outbox.repository.ts';
// The dev mailbox (src/dev/) reads the outbox.
export { OutboxRepository } from './outbox.repository.ts';
// For tests that drive the dispatcher with a transport of their own.
export { MessageDispatcher } from './message-dispatcher.ts';
export type { MessageTransport, TransportMessage } from './message-transport.ts';
