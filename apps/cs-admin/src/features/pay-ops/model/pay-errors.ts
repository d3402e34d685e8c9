/**
 * What the top-up operations calls' refusals say. Codes are matched by number (never by message text); the -400
 * field problems of these calls (pay-admin.contracts.ts) get texts of their own.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { codes } from '@gp/errors';
import { errorMessage } from '../../../lib/error-message.ts';

const fieldTexts: Record<string, string> = {
  'distribution_region:unknown_region': 'ops:pay.error.unknownRegion',
  'currency:not_sold': 'ops:pay.error.notSold',
  'pay_mode:no_price': 'ops:pay.error.noPrice',
  'pay_mode:required_with': 'ops:pay.error.requiredWith',
  'currency:required_with': 'ops:pay.error.requiredWith',
  'end_time:before_start': 'ops:pay.error.beforeStart',
  'order_no:no_delivery': 'ops:pay.error.noDelivery',
  'order_no:not_dead': 'ops:pay.error.notDead',
  'order_no:not_owed': 'ops:pay.error.notOwed',
  'product_price:too_big': 'ops:pay.error.priceTooBig',
};

/** The text of one field problem (a field the screens check themselves gets the general one). */
export function payFieldText(t: TFunction, field: string, code: string): string {
  const key = fieldTexts[`${field}:${code}`];
  return key ? t(key) : t('ops:common.invalidField');
}

/** The field problems of a -400 (empty for any other error). */
export function payFieldIssues(error: unknown): { field: string; code: string }[] {
  return error instanceof ApiError && error.code === codes.badRequest ? error.fields : [];
}

/** The translated text of whatever a top-up operations call threw. */
export function payErrorText(t: TFunction, error: unknown): string {
  const [first] = payFieldIssues(error);
  return first ? payFieldText(t, first.field, first.code) : errorMessage(t, error);
}

/** Whether the error is the refusal `code` of `field`. */
export function isFieldRefusal(error: unknown, field: string, code: string): boolean {
  return payFieldIssues(error).some((f) => f.field === field && f.code === code);
}
