import { countryList } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';

export function getCountries() {
  return api.call(countryList, {});
}
