import { bindCalls } from '@gp/api-client';
import {
  faqAdminDelete,
  faqAdminDetailCall,
  faqAdminOnlineSwitch,
  faqAdminPage,
  faqAdminSave,
  questionTypeAdminList,
} from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const faqCalls = bindCalls(api, {
  page: faqAdminPage,
  detail: faqAdminDetailCall,
  save: faqAdminSave,
  switchOnline: faqAdminOnlineSwitch,
  delete: faqAdminDelete,
  types: questionTypeAdminList,
});
