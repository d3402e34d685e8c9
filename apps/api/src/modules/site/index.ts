/**
 * The site module's public file: what the rest of the API uses of it. Everything else in this folder is the
 * module's own (apps/api/README.md "Layers").
 */
export { siteRoutes } from './site.routes.ts';
export { languagesFor, pickLanguage } from './localize.ts';
export { createSiteService } from './site.service.ts';
