import { deskSavedReplyDelete } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const deleteSavedReply = (savedReplyId: number) =>
  api.call(deskSavedReplyDelete, { saved_reply_id: savedReplyId });
