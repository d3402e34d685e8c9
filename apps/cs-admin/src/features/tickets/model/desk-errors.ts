/**
 * What the desk's refusals say to an agent. Codes are matched by number (never by message text) and translated
 * through the error catalogue of the staff domain; the -400 fields the desk names get their own texts, and -40001
 * carries the lock holder (`lockHolderData`) to name next to the message.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { deskPolicy, lockHolderData, type LockHolderData } from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import { errorText } from '@gp/i18n';

export function isCode(error: unknown, code: number): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** The holder a -40001 names (null for any other error, or when the data is not a holder). */
export function lockHolderOf(error: unknown): LockHolderData | null {
  if (!isCode(error, codes.staffTicketHandledByOther)) return null;
  const parsed = lockHolderData.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/** The desk's own texts for the -400 field problems the desk calls answer. */
function fieldText(t: TFunction, error: ApiError): string | undefined {
  for (const { field, code } of error.fields) {
    if (field === 'end_time' && code === 'range_too_long')
      return t('desk:errors.rangeTooLong', { months: deskPolicy.maxRangeMonths });
    if (field === 'end_time' && code === 'too_many_rows')
      return t('desk:errors.tooManyRows', { max: deskPolicy.maxExportRows });
    if (field === 'question_type') return t('desk:errors.typeNotOffered');
  }
  return undefined;
}

/** The translated text for whatever a desk call threw (the network text when no answer came). */
export function deskErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors:common.network');
  if (error.code === codes.badRequest) return fieldText(t, error) ?? errorText(t, error.domain, error.code);
  return errorText(t, error.domain, error.code);
}
