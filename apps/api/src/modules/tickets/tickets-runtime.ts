/**
 * The tickets module's parts, built once per app and shared by its player calls, its desk and its background work
 * (`app.tickets`): the ticket rules, attachments and the desk's export worker.
 */
import type { FastifyInstance } from 'fastify';
import { DeskExportWorker } from './desk/desk-export.worker.ts';
import { createUploadService, type UploadService } from './upload.service.ts';
import { WorkOrderService } from './work-order.service.ts';

export interface TicketsRuntime {
  /** The ticket rules, for players, the desk and the housekeeping job alike. */
  workOrders: WorkOrderService;
  uploads: UploadService;
  /** The desk's export worker: run with the other background jobs, woken when an export is queued. */
  deskExports: DeskExportWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    tickets: TicketsRuntime;
  }
}

/** Builds the parts (after `app.pay`: a ticket about an order reads the member's orders). */
export function createTicketsRuntime(app: FastifyInstance): TicketsRuntime {
  const { db, now } = app;
  return {
    workOrders: new WorkOrderService(db, {
      now,
      portalOrigin: app.env.PORTAL_ORIGIN,
      siteTimeZone: app.env.SITE_TIME_ZONE,
      orders: app.pay.orders,
    }),
    uploads: createUploadService(db, { now }),
    deskExports: new DeskExportWorker({ db, log: app.log, now }),
  };
}
