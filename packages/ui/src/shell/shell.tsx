/**
 * The frame around every page: the desktop or H5 layout the matched route asks for, the page title, the
 * navigation progress bar. The shell's data (menus, user) comes from the `shell` route loader.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@gp/contracts/passport';
import { wantsH5 } from '@gp/config/navigation-rules';
import { routeTitle, useDocumentTitle } from '../use-document-title.ts';
import { DesktopLayout } from './desktop-layout.tsx';
import { H5Layout } from './h5-layout.tsx';
import { ProgressBar } from './progress-bar.tsx';
import progress from './progress-bar.module.css';
import { currentUser } from './session.ts';
import { ShellContext, type ShellSettings } from './shell-context.tsx';
import { LateUser, useSiteRoute, type ShellData } from './shell-data.ts';
import { Outlet, ScrollRestoration, useRouteLoaderData } from 'react-router';

// `@gp/ui/shell-data` names this file: what the screens read of the shell is kept in the leaf shell-data.ts.
export {
  useShellData,
  useShellNavigation,
  useSiteRoute,
  type ShellData,
  type ShellView,
} from './shell-data.ts';

export function Shell({ settings }: { settings: ShellSettings }) {
  const { t } = useTranslation('common');
  const route = useSiteRoute();
  const h5 = route
    ? route.form === 'h5' || (route.form === 'both' && wantsH5(settings.device(), route))
    : false;
  const state = useMemo(() => ({ ...settings, h5 }), [settings, h5]);
  useDocumentTitle(routeTitle(t, route));
  const pending = (useRouteLoaderData('shell') as ShellData | null | undefined)?.userPending === true;
  const [late, setLate] = useState<{ user: UserInfo | null }>();
  useEffect(() => {
    // After hydration, so the first screen is the server's, byte for byte; a member's name replaces the neutral
    // account area. A failed question leaves the page a visitor's, with its login link. Asked in a task of its own:
    // the takeover's effects all run in one task, which this would lengthen (reading the cookies is slow then).
    if (!pending) return;
    let live = true;
    const timer = setTimeout(() => {
      currentUser(settings.api).then(
        (user) => live && setLate({ user }),
        () => live && setLate({ user: null }),
      );
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [pending, settings.api]);
  const chrome = route?.chrome;
  // The same elements while the page lives: the member found after the takeover re-renders what reads it (the
  // header's account area, `useShellData`), not every screen below (a long task on a phone).
  const frame = useMemo(
    () => (
      <ShellContext value={state}>
        <ProgressBar />
        {/* A page reached by a link opens at its top; back and forward return to where the reader was. */}
        <ScrollRestoration />
        {chrome === 'none' ? (
          <main id="main">
            <Outlet />
          </main>
        ) : h5 ? (
          <H5Layout />
        ) : (
          <DesktopLayout />
        )}
      </ShellContext>
    ),
    [state, chrome, h5],
  );
  return <LateUser value={late}>{frame}</LateUser>;
}

/** The first page view before its data arrives (react-router's hydrate fallback). */
export function FirstLoad() {
  const { t } = useTranslation('common');
  return <div className={progress.bar} role="progressbar" aria-label={t('shell.loadingPage')} />;
}
