import { bindCalls } from '@gp/api-client';
import type { RequestOf } from '@gp/contracts';
import {
  staffAccountAdd,
  staffAccountDelete,
  staffAccountLimit,
  staffAccountList,
  staffAccountSave,
  staffAccountUnseal,
  staffSecondFactorReset,
} from '@gp/contracts/staff';
import { api } from '../../../lib/api-client.ts';

/** `block`: the account's sessions end at once and it cannot log in until `unseal`. */
export const accountCalls = bindCalls(api, {
  list: staffAccountList,
  add: staffAccountAdd,
  save: staffAccountSave,
  block: staffAccountLimit,
  unseal: staffAccountUnseal,
  resetSecondFactor: staffSecondFactorReset,
  delete: staffAccountDelete,
});

export type AccountListQuery = RequestOf<typeof staffAccountList>;
export type AccountAddInput = RequestOf<typeof staffAccountAdd>;
export type AccountSaveInput = RequestOf<typeof staffAccountSave>;
