/**
 * The health module's public file (apps/api/README.md "Layers"): its routes for app.ts, and the operational
 * snapshot the metrics read (src/observability/metrics.ts).
 */
export { healthRoutes } from './health.routes.ts';
export { readOperationsSnapshot } from './operations.repository.ts';
