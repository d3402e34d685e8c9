/**
 * A link to any page of the site by its desktop path: it picks the H5 twin when the page is in its H5 form and
 * leaves this host with a plain link, carrying the page language, when another host serves the page.
 */
import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import type { EnabledLanguage } from '@gp/config';
import { buildPath, matchSiteRoute } from '@gp/config/site-map';
import { currentLanguage, withLanguage } from '@gp/i18n';
import { originsOf, useShell, type ShellState } from './shell-context.tsx';

export function siteHref(
  path: string,
  shell: Pick<ShellState, 'host' | 'hosts' | 'h5'>,
  lang: EnabledLanguage = currentLanguage(),
): { href: string; external: boolean } {
  const [pathname = '/', query = ''] = path.split('?');
  const match = matchSiteRoute(pathname);
  if (!match) return { href: path, external: false };
  let target = pathname;
  if (shell.h5 && match.route.form === 'desktop' && match.route.twin)
    target = buildPath(match.route.twin, match.params);
  const full = query ? `${target}?${query}` : target;
  if (match.route.host === shell.host) return { href: full, external: false };
  return { href: withLanguage(`${originsOf(shell.hosts)[match.route.host]}${full}`, lang), external: true };
}

/** `state`: history state for a page of this host (another host's page gets none: it never leaves the tab's host). */
export function SiteLink({
  to,
  state,
  ...rest
}: { to: string; state?: unknown } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const shell = useShell();
  const { href, external } = siteHref(to, shell);
  return external ? <a href={href} {...rest} /> : <Link to={href} state={state} {...rest} />;
}
