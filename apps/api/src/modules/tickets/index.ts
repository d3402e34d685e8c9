/**
 * The tickets module's public file: the members' tickets (questions, follow-ups, ratings, contact info,
 * attachments) and the staff desk that answers them. What app.ts, the composition, privacy and its tests use of it;
 * everything else in this folder is the module's own (apps/api/README.md "Layers").
 */
export { ticketsRoutes } from './tickets.routes.ts';
export { deskRoutes } from './desk/desk.routes.ts';
// The jobs for src/composition/background-jobs.ts; the housekeeping class for tests that run it with stand-ins.
export { CsHousekeeping, csHousekeepingJob } from './tickets-housekeeping.job.ts';
export { DeskExportWorker } from './desk/desk-export.worker.ts';
export { createTicketsRuntime } from './tickets-runtime.ts';
// A thread's attachments without their bytes, for the privacy export.
export { messageAttachments } from './work-order.service.ts';
// Which index the desk's keyword search has (RUM or GIN), for the start's warning.
export { DeskRepository } from './desk/desk.repository.ts';
