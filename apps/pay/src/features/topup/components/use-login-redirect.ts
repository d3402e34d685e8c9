import { useCallback } from 'react';
import { useShell } from '@gp/ui/shell-context';
import { loginUrl } from '@gp/ui/session';
import { isNotLoggedIn } from '../model/error-message.ts';

/**
 * -101 during the wizard (the session ended): off to the passport login, back here afterwards. The choices wait
 * in the draft. Wrap a call's promise with the returned function; on -101 it never settles.
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
  return { guard, toLogin, loginHref: () => loginUrl(shell.hosts, shell.h5, window.location.href) };
}
