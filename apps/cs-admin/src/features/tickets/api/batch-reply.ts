import type { RequestOf } from '@gp/contracts';
import { deskTicketBatchReply } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const batchReply = (input: RequestOf<typeof deskTicketBatchReply>) =>
  api.call(deskTicketBatchReply, input);
