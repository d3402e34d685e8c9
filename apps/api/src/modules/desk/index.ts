/** The desk module's public file: its routes, for app.ts (apps/api/README.md "Layers"). */
export { deskRoutes } from './desk.routes.ts';
