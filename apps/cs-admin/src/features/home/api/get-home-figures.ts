import type { RequestOf } from '@gp/contracts';
import { homeRatingsCall, homeTicketsCall, homeTopUpsCall } from '@gp/contracts/console-home';
import { api } from '../../../lib/api-client.ts';

/** The home's figure groups, each one call behind its own privilege; `tz` is the agent's time zone. */
export const getHomeTickets = (tz: string) => api.call(homeTicketsCall, { tz });
export const getHomeTopUps = (tz: string) => api.call(homeTopUpsCall, { tz });
export const getHomeRatings = (input: RequestOf<typeof homeRatingsCall>) => api.call(homeRatingsCall, input);
