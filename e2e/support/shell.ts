/**
 * What the player shell does with a URL, seen from the tests: which project is the phone, where the home and the
 * login page of each form are, and whether a URL is the passport login returning to a given page.
 */
import type { TestInfo } from '@playwright/test';
import { PASSPORT, PORTAL } from './hosts.ts';

/** The `mobile` project is a phone: the apps give it the H5 form of every page (DESIGN section 8). */
export const onPhone = (testInfo: TestInfo): boolean => testInfo.project.name === 'mobile';

/** The portal home of the form the project gets. */
export const homeUrl = (h5: boolean): string => `${PORTAL}${h5 ? '/h5' : '/'}`;

/** The passport login page of a form (spec 4: the login guard and the header's login entry lead here). */
export const loginUrl = (h5: boolean): string => `${PASSPORT}${h5 ? '/login_h5' : '/login'}`;

/** Pathnames compared without a trailing slash (`/paygame/` is `/paygame`). */
export const samePath = (a: string, b: string): boolean => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * True when `url` is the passport login of the form with `redirect` (decoded) equal to `returnTo` and nothing
 * else in its query.
 */
export function isLoginReturningTo(url: URL, h5: boolean, returnTo: string): boolean {
  return (
    `${url.origin}${url.pathname}` === loginUrl(h5) &&
    [...url.searchParams.keys()].join() === 'redirect' &&
    url.searchParams.get('redirect') === returnTo
  );
}
