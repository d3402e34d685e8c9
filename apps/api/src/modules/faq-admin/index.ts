/** The faq-admin module's public file: its routes, for app.ts (apps/api/README.md "Layers"). */
export { faqAdminRoutes } from './faq-admin.routes.ts';
