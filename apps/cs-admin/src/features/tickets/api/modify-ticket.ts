import type { RequestOf } from '@gp/contracts';
import { deskTicketModify } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const modifyTicket = (input: RequestOf<typeof deskTicketModify>) => api.call(deskTicketModify, input);
