import { homeNavList, type NavFlags } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

/** Spec 7: when the nav call fails the customer-service menu is shown anyway, and nothing else. */
export const navFallback: NavFlags = {
  is_show_cs: 1,
  is_show_fans_group: 0,
  is_show_game: 0,
  is_show_invest: 0,
  is_show_news: 0,
};

export async function getNavFlags(): Promise<NavFlags> {
  try {
    return await api.call(homeNavList, {});
  } catch {
    return navFallback;
  }
}
