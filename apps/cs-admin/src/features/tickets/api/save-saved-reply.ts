import type { RequestOf } from '@gp/contracts';
import { deskSavedReplySave } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const saveSavedReply = (input: RequestOf<typeof deskSavedReplySave>) =>
  api.call(deskSavedReplySave, input);
