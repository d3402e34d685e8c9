import type { RequestOf } from '@gp/contracts';
import { deskTicketReply } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const replyTicket = (input: RequestOf<typeof deskTicketReply>) => api.call(deskTicketReply, input);
