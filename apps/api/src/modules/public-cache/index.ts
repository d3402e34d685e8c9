/**
 * The public cache's public file (see README.md here): what app.ts and registerCall use of it. Everything else
 * in this folder is the module's own (apps/api/README.md "Layers").
 */
export { clearChannel, installPublicCache, type CachedAnswer } from './public-cache.ts';
