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

/** The member found after a server-rendered page was taken over (`Shell` provides it). */
export const LateUser = createContext<UserInfo | null>(null);

export function useShellData(): ShellData {
  const data = (useRouteLoaderData('shell') as ShellData | null | undefined) ?? emptyData;
  const late = useContext(LateUser);
  return data.userPending && late ? { ...data, user: late } : data;
}

export function useSiteRoute() {
  return (useMatches().at(-1)?.handle as RouteHandle | undefined)?.siteRoute;
}
