import { faqAdminSave, type FaqForm } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const saveFaq = (form: FaqForm) => api.call(faqAdminSave, form);
