import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';

/** The translated message for whatever a call threw: its code's message, or the network text. */
export function errorMessage(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? errorText(t, error.domain, error.code) : t('errors:common.network');
}

/** Errors that mean the captcha was spent or wrong: the form shows a new picture. */
export const captchaCodes = new Set([-105]);
