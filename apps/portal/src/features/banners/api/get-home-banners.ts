import { homeBanner, type Banner } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

/** The banners running now, in the page language (spec 7 /home/banner). */
export function getHomeBanners(): Promise<Banner[]> {
  return api.call(homeBanner, {});
}
