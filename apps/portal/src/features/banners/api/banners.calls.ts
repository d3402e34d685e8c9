import { bindCalls } from '@gp/api-client';
import { homeBanner } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

export const bannersCalls = /* @__PURE__ */ bindCalls(api, {
  /** The banners running now, in the page language (spec 7 /home/banner). */
  homeBanners: homeBanner,
});
