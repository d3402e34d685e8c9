import { bindCalls } from '@gp/api-client';
import { homeModuleList } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

export const homeCalls = /* @__PURE__ */ bindCalls(api, {
  /** Which sections the home page shows, in which order, under which titles (spec 7 /home/module/list). */
  homeModules: homeModuleList,
});
