import type { RequestOf } from '@gp/contracts';
import { deskTicketBatchReplyPreview } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const previewBatchReply = (input: RequestOf<typeof deskTicketBatchReplyPreview>) =>
  api.call(deskTicketBatchReplyPreview, input);
