/**
 * Route tables as data (DESIGN section 7): each entry names its path, the translation key of its title, whether
 * it needs login, and its screen module (a lazy chunk with an optional loader). The apps list entries; this turns
 * them into data-router routes and titles the document from the matched entry.
 */
import { useTranslation } from 'react-i18next';
import { useMatches, type RouteObject } from 'react-router';
import { RouteError } from './route-error.tsx';
import { useDocumentTitle } from './use-document-title.ts';

export interface RouteEntry {
  path: string;
  /** `namespace:key` of the page title. */
  titleKey: string;
  requiresLogin: boolean;
  screen: () => Promise<{ default: React.ComponentType; loader?: () => Promise<unknown> }>;
}

interface RouteHandle {
  titleKey: string;
}

export function routesFromTable(table: readonly RouteEntry[]): RouteObject[] {
  return table.map((entry) => ({
    ...(entry.path === '/' ? { index: true as const } : { path: entry.path }),
    handle: { titleKey: entry.titleKey } satisfies RouteHandle,
    errorElement: <RouteError />,
    lazy: async () => {
      const { default: Component, loader } = await entry.screen();
      return { Component, ...(loader ? { loader } : {}) };
    },
  }));
}

/** Titles the document from the deepest matched route entry, in the page language. */
export function useRouteTitle(): void {
  const { t } = useTranslation();
  const titleKey = (useMatches().at(-1)?.handle as RouteHandle | undefined)?.titleKey;
  useDocumentTitle(titleKey ? t(titleKey) : '');
}
