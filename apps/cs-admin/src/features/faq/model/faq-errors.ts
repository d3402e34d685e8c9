/**
 * What the FAQ calls' refusals say. Codes are matched by number (never by message text); the -400 field
 * problems the FAQ calls answer get texts of their own, shown under the field they concern.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { codes } from '@gp/errors';
import { errorMessage } from '../../../lib/error-message.ts';

export type FaqFieldName = string | (string | number)[];

const formFields = new Set(['question_type', 'game_base_id', 'online_type', 'online_time', 'sort', 'texts']);

/** The text of one field problem. */
export function faqFieldText(t: TFunction, field: string, code: string): string {
  const root = field.split('.')[0]!;
  switch (`${root}:${code}`) {
    case 'question_type:not_offered':
      return t('ops:faq.error.typeNotOffered');
    case 'game_base_id:not_found':
      return t('ops:faq.error.gameNotFound');
    case 'online_time:required':
      return t('ops:faq.rule.onlineTime');
    case 'online_time:not_future':
      return t('ops:faq.rule.onlineTimeFuture');
    default:
      return t('ops:common.invalidField');
  }
}

/** The form field a -400 names: `game_base_id` is the form's `game`, texts keep their path. */
function formName(field: string): FaqFieldName | undefined {
  const [root, ...rest] = field.split('.');
  if (!root || !formFields.has(root)) return undefined;
  if (root === 'game_base_id') return 'game';
  if (root === 'texts') return rest.length === 2 ? ['texts', ...rest] : undefined;
  return root;
}

/** The field problems of a -400 that belong to the FAQ form, as antd's `setFields` takes them. */
export function faqFieldErrors(t: TFunction, error: unknown): { name: FaqFieldName; errors: string[] }[] {
  if (!(error instanceof ApiError) || error.code !== codes.badRequest) return [];
  return error.fields.flatMap(({ field, code }) => {
    const name = formName(field);
    return name === undefined ? [] : [{ name, errors: [faqFieldText(t, field, code)] }];
  });
}

/** The translated text of whatever an FAQ call threw. */
export function faqErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === codes.badRequest && error.fields.length > 0) {
    const { field, code } = error.fields[0]!;
    return faqFieldText(t, field, code);
  }
  return errorMessage(t, error);
}
