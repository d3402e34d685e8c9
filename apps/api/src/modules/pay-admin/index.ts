/** The pay-admin module's public file: its routes, for app.ts (apps/api/README.md "Layers"). */
export { payAdminRoutes } from './pay-admin.routes.ts';
// The pay console's order detail and delivery retry, which the ticket desk reuses for a ticket's order (issue 20).
export { PayAdminOrderService } from './pay-admin-order.service.ts';
