import { homeModuleList, type HomeModule } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

/** Which sections the home page shows, in which order, under which titles (spec 7 /home/module/list). */
export function getHomeModules(): Promise<HomeModule[]> {
  return api.call(homeModuleList, {});
}
