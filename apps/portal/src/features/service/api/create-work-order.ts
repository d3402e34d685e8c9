import { workOrderCreate, type FollowUpForm, type QuestionForm } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

/** Submits a new question; answers the new ticket's id. */
export function createWorkOrder(question: QuestionForm) {
  return api.call(workOrderCreate, question);
}

/** Adds a follow-up to a replied ticket (moves it to processing); answers the ticket's id. */
export function createFollowUp(followUp: FollowUpForm) {
  return api.call(workOrderCreate, followUp);
}
