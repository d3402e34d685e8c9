/**
 * What the catalog authoring calls' refusals say (pay-catalog-authoring.contracts.ts): each field problem its
 * own text under `ops:pay.authoring.error`, the rest as the other top-up calls word them.
 */
import type { TFunction } from 'i18next';
import { payErrorText, payFieldIssues, payFieldText } from './pay-errors.ts';

const fieldTexts: Record<string, string> = {
  'game_base_id:not_found': 'gameNotFound',
  'currency:unknown_currency': 'unknownCurrency',
  'currency:has_prices': 'hasPrices',
  'currency:has_channels': 'hasChannels',
  'currencies:mismatch': 'currencyMismatch',
  'product_id:taken': 'productTaken',
  'image_media_id:not_found': 'imageNotFound',
  'sale_until:before_start': 'saleBeforeStart',
  'amount:too_many_decimals': 'tooManyDecimals',
  'amount:not_positive': 'notPositive',
  'amount:invalid_format': 'invalidAmount',
  'amount:below_minimum': 'belowMinimum',
  'amount:above_maximum': 'aboveMaximum',
  'file:too_large': 'fileTooLarge',
  'file:type_not_allowed': 'fileType',
  'file:too_big_dimensions': 'fileDimensions',
};

/** The text of one field problem of an authoring call. */
export function authoringFieldText(t: TFunction, field: string, code: string): string {
  const key = fieldTexts[`${field}:${code}`];
  return key ? t(`ops:pay.authoring.error.${key}`) : payFieldText(t, field, code);
}

/** The translated text of whatever an authoring call threw. */
export function authoringErrorText(t: TFunction, error: unknown): string {
  const [first] = payFieldIssues(error);
  return first ? authoringFieldText(t, first.field, first.code) : payErrorText(t, error);
}

/**
 * The field problems of a -400 that belong to a form with `fields` (dotted paths become antd name paths), as
 * `setFields` takes them; the others are left to the text above the form.
 */
export function authoringFieldErrors(
  t: TFunction,
  error: unknown,
  fields: readonly string[],
): { name: string[]; errors: string[] }[] {
  return payFieldIssues(error)
    .filter((f) => fields.includes(f.field.split('.')[0]!))
    .map((f) => ({ name: f.field.split('.'), errors: [authoringFieldText(t, f.field, f.code)] }));
}
