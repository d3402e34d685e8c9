import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { codes } from '@gp/errors';
import { errorText } from '@gp/i18n';

/**
 * The translated message for whatever a call threw. A cs call's error carries the `service` domain, so -704 reads
 * "phone format" here, never the passport's "SMS code wrong"; anything without an answer is the network text.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? errorText(t, error.domain, error.code) : t('errors:common.network');
}

/** A refusal code of the service domain (or a common one), e.g. -704 on contact save. */
export function serviceCode(error: unknown): number | undefined {
  return error instanceof ApiError && (error.domain === 'service' || error.domain === 'common')
    ? error.code
    : undefined;
}

/** -401 on a ticket: someone else's or none; the screens say "not found". */
export function isNotOwnTicket(error: unknown): boolean {
  return error instanceof ApiError && error.code === codes.accessDenied;
}

/** The fields a -400 refusal names, by their first path segment, with the problem code (e.g. `not_offered`). */
export function refusedFields(error: unknown): { field: string; code: string }[] {
  if (!(error instanceof ApiError) || error.code !== codes.badRequest) return [];
  return error.fields.map((f) => ({ field: f.field.split('.')[0] ?? f.field, code: f.code }));
}
