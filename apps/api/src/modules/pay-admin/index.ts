/** The pay-admin module's public file: its routes, for app.ts (apps/api/README.md "Layers"). */
export { payAdminRoutes } from './pay-admin.routes.ts';
