/**
 * The customer-service module's public file: what the rest of the API (the staff desk, media, app.ts) and its
 * tests use of it. Everything else in this folder is the module's own (apps/api/README.md "Layers").
 */
export { csRoutes } from './cs.routes.ts';
// The job for src/composition/background-jobs.ts; the class for tests that run it with stand-ins.
export { CsHousekeeping, csHousekeepingJob } from './cs-housekeeping.job.ts';
export { isJpeg, isPng } from './file-check.ts';
export { createFaqService } from './faq.service.ts';
export { createUploadService } from './upload.service.ts';
export {
  liveHolder,
  noteOf,
  WorkOrderService,
  type MemberOrders,
  type StaffActor,
} from './work-order.service.ts';
