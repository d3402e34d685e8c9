import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';

/** The translated message for whatever a call threw: its code's message, or the network text. */
export function errorMessage(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? errorText(t, error.domain, error.code) : t('errors:common.network');
}

/** The code of an ApiError (undefined for anything else), to match on as the catalogue says. */
export function errorCode(error: unknown): number | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
