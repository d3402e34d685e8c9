import { faqAdminDetailCall } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const getFaq = (questionId: number) => api.call(faqAdminDetailCall, { question_id: questionId });
