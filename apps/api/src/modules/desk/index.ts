/**
 * The desk module's public file: its routes for app.ts, its export worker for src/composition/background-jobs.ts
 * (apps/api/README.md "Layers").
 */
export { deskRoutes } from './desk.routes.ts';
export { DeskExportWorker } from './desk-export.worker.ts';
