/**
 * What the shell's pieces read about the page: the shell's data (menus, user) from the `shell` route loader
 * and the site route the matched screen stands for. A leaf of the shell: the layouts and headers read it, and
 * the shell that renders them provides it, so neither imports the other.
 */
import { createContext, useContext } from 'react';
import { useMatches, useRouteLoaderData } from 'react-router';
import type { SiteRoute } from '@gp/config/site-map';
import type { UserInfo } from '@gp/contracts/passport';
import { navFallback, type Navigation } from './navigation-data.ts';

export interface ShellData {
  navigation: Navigation;
  user: UserInfo | null;
  /** Rendered by the server, which cannot know the member: `Shell` asks once the page has taken over. */
  userPending?: boolean;
}

/** What a screen's route carries for the shell: the site-map route it stands for. */
export interface RouteHandle {
  siteRoute: SiteRoute;
}

const emptyData: ShellData = { navigation: { flags: navFallback, games: [], fansGroups: [] }, user: null };

/**
 * The member found after a server-rendered page was taken over (`Shell` provides it): undefined until the answer
 * is in, then the member or null (a visitor, or the question failed: the page goes on as a visitor's).
 */
export const LateUser = createContext<{ user: UserInfo | null } | undefined>(undefined);

/** The shell's data with what is known of the member (`useShellData`). */
export interface ShellView extends ShellData {
  /**
   * Whether `user` is known. False on a server-rendered page until the member is asked after the takeover: what
   * depends on being logged in (the header's login link, the top-up's login prompt) stays neutral meanwhile, so a
   * member never sees a visitor's page flash by.
   */
  userKnown: boolean;
}

const useLoadedShellData = () => (useRouteLoaderData('shell') as ShellData | null | undefined) ?? emptyData;

/**
 * The shell's data as the page reads it now. A screen that needs only the menus reads `useShellNavigation`
 * instead: the member found after the takeover then re-renders the header alone, not the whole screen (a long
 * task on a phone).
 */
export function useShellData(): ShellView {
  const data = useLoadedShellData();
  const late = useContext(LateUser);
  if (!data.userPending) return { ...data, userKnown: true };
  return late ? { ...data, user: late.user, userKnown: true } : { ...data, userKnown: false };
}

/** The site's menus, flags and lists (the shell loader's `navigation`), which do not change while a page lives. */
export function useShellNavigation(): Navigation {
  return useLoadedShellData().navigation;
}

export function useSiteRoute() {
  return (useMatches().at(-1)?.handle as RouteHandle | undefined)?.siteRoute;
}
