/**
 * The contract client of the console: staff calls carry the staff CSRF cookie (`gp_staff_jct`) as `ct`; the
 * console language goes with every call so server messages come back translated.
 */
import { createApiClient, readCookie } from '@gp/api-client';
import { currentLanguage } from '@gp/i18n';
import { hosts } from '../config/env.ts';

export const staffCsrfCookieName = 'gp_staff_jct';

let notLoggedIn: () => void = () => {};

/** What a -101 answer does (the session module clears the session; the layout then goes to the login). */
export function setNotLoggedInHandler(handler: () => void): void {
  notLoggedIn = handler;
}

export const api = createApiClient({
  baseUrls: hosts.api,
  lang: currentLanguage,
  csrfToken: () => readCookie(staffCsrfCookieName),
  onNotLoggedIn: () => notLoggedIn(),
});

/** Base URL of the staff group, for the links that are not JSON calls (attachments, export downloads). */
export const csmngBase = hosts.api.csmng[0] ?? '';
