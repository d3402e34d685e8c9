import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '@gp/api-client';
import { codes } from '@gp/errors';
import { useShell } from './shell/shell-context.tsx';
import { loginUrl } from './shell/session.ts';

const isNotLoggedIn = (error: unknown) => error instanceof ApiError && error.code === codes.notLoggedIn;

/**
 * -101 while a page is open (the session ended): off to the passport login with the page as `redirect`, back here
 * afterwards, instead of a "not logged in" message. The pay wizard (its choices wait in the draft) and the
 * customer-service pages use it. Wrap a call's promise with `guard`; on -101 it never settles.
 */
export function useLoginRedirect() {
  const shell = useShell();
  const toLogin = useCallback(() => {
    window.location.assign(loginUrl(shell.hosts, shell.h5, window.location.href));
  }, [shell.hosts, shell.h5]);
  const guard = useCallback(
    <T>(promise: Promise<T>): Promise<T> =>
      promise.catch((error: unknown) => {
        if (isNotLoggedIn(error)) {
          toLogin();
          return new Promise<T>(() => {});
        }
        throw error;
      }),
    [toLogin],
  );
  // The server renders first screens too (a login prompt's link among them), where there is no window: the page's
  // address is its host's origin and the router's location.
  const location = useLocation();
  const here = () =>
    typeof window === 'undefined'
      ? `${shell.hosts.apps[shell.host]}${location.pathname}${location.search}`
      : window.location.href;
  return { guard, toLogin, loginHref: () => loginUrl(shell.hosts, shell.h5, here()) };
}
