import { workOrderCreate, type QuestionForm } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

/** Submits a new question (about one of the member's orders with `order_no`); answers the new ticket's id. */
export function createWorkOrder(question: QuestionForm & { order_no?: string }) {
  return api.call(workOrderCreate, question);
}
