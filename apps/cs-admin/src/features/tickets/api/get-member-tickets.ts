import type { RequestOf } from '@gp/contracts';
import { deskUserSubmitRecord } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const getMemberTickets = (input: RequestOf<typeof deskUserSubmitRecord>) =>
  api.call(deskUserSubmitRecord, input);
