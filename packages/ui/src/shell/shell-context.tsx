/** What every piece of the shell needs to know: this host, where the others are, the API, the page form. */
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import type { ApiClient } from '@gp/api-client';
import type { Hosts } from '@gp/config';
import type { PlayerHost } from '@gp/config/site-map';
import type { DeviceKind } from '@gp/config/navigation-rules';

export interface ShellSettings {
  host: PlayerHost;
  hosts: Hosts;
  api: ApiClient;
  device: () => DeviceKind;
}

export interface ShellState extends ShellSettings {
  /** The page shows its H5 form (links lead to H5 twins). */
  h5: boolean;
}

export const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside the shell');
  return shell;
}

export function originsOf(hosts: Hosts): Record<PlayerHost, string> {
  return { portal: hosts.apps.portal, passport: hosts.apps.passport, pay: hosts.apps.pay };
}

/**
 * The page's address, for links that come back to it (login): the browser's own; on the server, which renders
 * the page for this host, the same address built from the host's origin.
 */
export function usePageUrl(): string {
  const shell = useShell();
  const location = useLocation();
  if (typeof window !== 'undefined') return window.location.href;
  return new URL(`${location.pathname}${location.search}${location.hash}`, originsOf(shell.hosts)[shell.host])
    .href;
}
