import type { RequestOf } from '@gp/contracts';
import { deskTicketPage } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const getTicketPage = (input: RequestOf<typeof deskTicketPage>) => api.call(deskTicketPage, input);
