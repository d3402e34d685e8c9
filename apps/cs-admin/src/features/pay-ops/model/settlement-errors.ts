/** What the settlement calls' refusals say (their -400 fields); anything else as the other pay calls. */
import type { TFunction } from 'i18next';
import { payErrorText, payFieldIssues } from './pay-errors.ts';

const fieldTexts: Record<string, string> = {
  'day:future': 'ops:settlement.error.future',
  'id:not_open': 'ops:settlement.error.notOpen',
  'id:no_order': 'ops:settlement.error.noOrder',
};

export function settlementErrorText(t: TFunction, error: unknown): string {
  const [first] = payFieldIssues(error);
  const key = first && fieldTexts[`${first.field}:${first.code}`];
  return key ? t(key) : payErrorText(t, error);
}
