import { faqAdminDelete } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const deleteFaq = (questionId: number) => api.call(faqAdminDelete, { question_id: questionId });
