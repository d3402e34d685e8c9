import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';

/** The translated message for whatever a call threw: its code's message, or the network text. */
export function privacyErrorText(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? errorText(t, error.domain, error.code) : t('errors:common.network');
}
