import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { codes } from '@gp/errors';
import { errorText } from '@gp/i18n';

/** The translated message for whatever a call threw: its code's message, or the network text. */
export function errorMessage(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? errorText(t, error.domain, error.code) : t('errors:common.network');
}

export function isNotLoggedIn(error: unknown): boolean {
  return error instanceof ApiError && error.code === codes.notLoggedIn;
}

/** A top-up code of the catalogue (pay domain), e.g. 15 "not paid yet". */
export function isPayCode(error: unknown, code: number): boolean {
  return error instanceof ApiError && error.domain === 'pay' && error.code === code;
}
