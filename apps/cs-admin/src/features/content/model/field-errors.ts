/**
 * The content calls' refusals as an editor reads them. A -400 names fields (`texts.th.title`, `publish_at`,
 * `file`) and a machine code; each problem goes under its field in the form, translated, and the form keeps
 * every value. Problems of fields the form does not show, and every other refusal, come back as one message
 * for the form's alert. Codes are matched by number and name, never by the server's text.
 */
import type { TFunction } from 'i18next';
import type { FormInstance } from 'antd';
import { ApiError } from '@gp/api-client';
import { contentImagePolicy } from '@gp/contracts/content-admin';
import { codes } from '@gp/errors';
import { errorMessage } from '../../../lib/error-message.ts';

/** The server's own field codes and zod's, each with a text in cms.json `fieldError`. */
const knownCodes = new Set([
  'not_in_future',
  'in_future',
  'before_publish_at',
  'before_start',
  'required',
  'not_found',
  'taken',
  'empty',
  'not_our_site',
  'too_large',
  'type_not_allowed',
  'too_big_dimensions',
  'invalid_type',
  'too_small',
  'too_big',
  'invalid_format',
  'invalid_value',
  'unrecognized_keys',
]);

/** One field problem's text: the code's own, or a general one for codes the console does not know. */
export function fieldErrorText(t: TFunction, code: string, field = ''): string {
  // `not_found` names a game or a picture that is not there: the text says which.
  if (code === 'not_found' && field === 'game_base_id') return t('cms:fieldError.gameNotFound');
  if (code === 'not_found' && field.endsWith('media_id')) return t('cms:fieldError.imageNotFound');
  const limits = { mb: contentImagePolicy.maxBytes / 1024 / 1024, side: contentImagePolicy.maxSide };
  return knownCodes.has(code) ? t(`cms:fieldError.${code}`, limits) : t('cms:fieldError.invalid');
}

export type FieldName = (string | number)[];

/** A dotted field name of an answer as a form name path (`texts.th.title` -> ['texts', 'th', 'title']). */
export function fieldPath(field: string): FieldName {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Puts a failed save's field problems under their fields. Returns the text for the form's alert: null when every
 * problem has its place in the form, else the refusal's message (and, for a -400, the fields it could not place).
 * `shows` says whether the form has a field for a name path.
 */
export function showSaveError(
  t: TFunction,
  form: FormInstance,
  error: unknown,
  shows: (name: FieldName) => boolean,
): { alert: string | null; fields: FieldName[] } {
  if (!(error instanceof ApiError) || error.code !== codes.badRequest || error.fields.length === 0)
    return { alert: errorMessage(t, error), fields: [] };
  const placed: { name: FieldName; errors: string[] }[] = [];
  const rest: string[] = [];
  for (const { field, code } of error.fields) {
    const name = fieldPath(field);
    const text = fieldErrorText(t, code, field);
    if (shows(name)) {
      const same = placed.find((p) => p.name.join('.') === name.join('.'));
      if (same) same.errors.push(text);
      else placed.push({ name, errors: [text] });
    } else rest.push(t('cms:fieldError.other', { field, message: text }));
  }
  form.setFields(placed);
  return {
    alert: rest.length > 0 ? [errorMessage(t, error), ...rest].join(' ') : null,
    fields: placed.map((p) => p.name),
  };
}
