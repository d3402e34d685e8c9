/** The contract client every player app uses: page language, the CSRF cookie as `ct`, this build's API hosts. */
import { createApiClient, readCookie, type ApiClient } from '@gp/api-client';
import type { Hosts } from '@gp/config';
import { currentLanguage } from '@gp/i18n';

export const csrfCookieName = 'joy_jct';

let serverFetch: typeof fetch | undefined;

/**
 * How the clients reach the API while the server renders a page (`render-page.tsx`): in the same process, through
 * its public cache, instead of over the network.
 */
export function setServerFetch(next: typeof fetch): void {
  serverFetch = next;
}

export function createPlayerApi(hosts: Hosts): ApiClient {
  return createApiClient({
    baseUrls: hosts.api,
    fetch: (url, init) => (serverFetch ?? fetch)(url, init),
    lang: currentLanguage,
    csrfToken: () => readCookie(csrfCookieName),
  });
}
