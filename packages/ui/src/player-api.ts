/** The contract client every player app uses: page language, the CSRF cookie as `ct`, this build's API hosts. */
import { createApiClient, readCookie, type ApiClient } from '@gp/api-client';
import type { Hosts } from '@gp/config';
import { currentLanguage } from '@gp/i18n';

export const csrfCookieName = 'joy_jct';

export function createPlayerApi(hosts: Hosts): ApiClient {
  return createApiClient({
    baseUrls: hosts.api,
    lang: currentLanguage,
    csrfToken: () => readCookie(csrfCookieName),
  });
}
