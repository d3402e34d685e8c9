import { workOrderCreate, type FollowUpForm } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

/** Adds a follow-up to a replied ticket (moves it to processing); answers the ticket's id. */
export function createFollowUp(followUp: FollowUpForm) {
  return api.call(workOrderCreate, followUp);
}
