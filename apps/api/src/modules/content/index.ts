/**
 * The content module's public file: what the rest of the API (the seed, app.ts) and its
 * tests use of it. Everything else in this folder is the module's own (apps/api/README.md "Layers").
 */
export { contentRoutes } from './content.routes.ts';
// The console's news, activities, banners, recommended games, fan groups and navigation.
export { contentAdminRoutes } from './admin/content-admin.routes.ts';
export { createPreviewToken } from './preview-token.ts';
export { sanitizeRichText, setOwnOrigins } from './rich-text.ts';
