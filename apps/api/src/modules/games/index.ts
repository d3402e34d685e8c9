/** The game-admin module's public file: its routes, for app.ts (apps/api/README.md "Layers"). */
export { gameAdminRoutes } from './game-admin.routes.ts';
