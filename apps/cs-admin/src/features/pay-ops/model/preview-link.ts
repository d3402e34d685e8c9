/**
 * The top-up page as a player sees it, for staff's preview: the pay host's desktop top-up page (`/paygame/`, its
 * phone twin `/pay_h5` is where a phone is sent from there, query kept) with the game chosen (`game`, as the pay
 * pages' game links carry it) and the language (`lang`, which the pay host adopts, keeps and takes out of the
 * address: @gp/i18n language-link.ts). The pay host serves the site's own distribution region only.
 */
import type { EnabledLanguage } from '@gp/config';
import { withLanguage } from '@gp/i18n';

export function topupPreviewLink(payOrigin: string, gameBaseId: number, lang: EnabledLanguage): string {
  const url = new URL('/paygame/', payOrigin);
  url.searchParams.set('game', String(gameBaseId));
  return withLanguage(url.toString(), lang);
}
