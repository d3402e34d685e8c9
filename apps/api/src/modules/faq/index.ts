/**
 * The FAQ module's public file: the players' FAQ reads and its staff side (entries, their online switch and
 * scheduled times), for app.ts and its tests (apps/api/README.md "Layers").
 */
export { faqRoutes } from './faq.routes.ts';
export { faqAdminRoutes } from './faq-staff.routes.ts';
export { createFaqService } from './faq.service.ts';
