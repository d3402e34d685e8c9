/** The health module's public file: its routes, for app.ts (apps/api/README.md "Layers"). */
export { healthRoutes } from './health.routes.ts';
