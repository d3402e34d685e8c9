import { fansGroupList, type FansGroupItem } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

export function getFansGroups(): Promise<FansGroupItem[]> {
  return api.call(fansGroupList, {});
}
