import { workOrderCreate, type QuestionForm } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

/** Submits a new question; answers the new ticket's id. */
export function createWorkOrder(question: QuestionForm) {
  return api.call(workOrderCreate, question);
}
