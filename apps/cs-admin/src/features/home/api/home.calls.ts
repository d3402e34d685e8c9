import { bindCalls } from '@gp/api-client';
import { homeRatingsCall, homeTicketsCall, homeTopUpsCall } from '@gp/contracts/console-home';
import { api } from '../../../lib/api-client.ts';

/** The home's figure groups, each one call behind its own privilege; `tz` is the agent's time zone. */
export const homeCalls = bindCalls(api, {
  tickets: homeTicketsCall,
  topUps: homeTopUpsCall,
  ratings: homeRatingsCall,
});
