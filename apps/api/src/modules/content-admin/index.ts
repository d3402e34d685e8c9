/** The content-admin module's public file: its routes, for app.ts (apps/api/README.md "Layers"). */
export { contentAdminRoutes } from './content-admin.routes.ts';
