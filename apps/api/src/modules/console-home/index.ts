/** The console-home module's public file: its routes, for app.ts (apps/api/README.md "Console home"). */
export { consoleHomeRoutes } from './console-home.routes.ts';
