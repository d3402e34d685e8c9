import { deskSavedReplyList } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const getSavedReplies = () => api.call(deskSavedReplyList, {});
