import { faqAdminOnlineSwitch } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const switchFaq = (questionId: number, online: boolean) =>
  api.call(faqAdminOnlineSwitch, { question_id: questionId, is_online: online ? 1 : 0 });
