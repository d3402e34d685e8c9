/**
 * The customer-service calls, bound once. The files beside this one shape the input of the calls that need it
 * (the FAQ and ticket queries, the rating, the contact form); `attachment-url.ts` is the one address that is
 * not an enveloped call.
 */
import { bindCalls } from '@gp/api-client';
import {
  contactsInfo,
  contactsSave,
  csGameList,
  faqPage,
  fileUpload,
  questionTypeList,
  workOrderCreate,
  workOrderDetail,
  workOrderGrade,
  workOrderPage,
} from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

export const serviceCalls = /* @__PURE__ */ bindCalls(api, {
  /** Games players can ask about, in display order (the FAQ filter and the question form). */
  games: csGameList,
  /** The member's contact info (nickname read-only; empty fields until saved). */
  contactInfo: contactsInfo,
  /** -702 / -704 / -705 / -706 name the broken field. */
  saveContactInfo: contactsSave,
  faqPage,
  questionTypes: questionTypeList,
  /**
   * A new question (about one of the member's orders with `order_no`), or a follow-up to a replied ticket
   * (moves it to processing); answers the ticket's id.
   */
  createWorkOrder: workOrderCreate,
  /** One of the member's tickets with its thread; -401 when it is not theirs (or does not exist). */
  workOrder: workOrderDetail,
  workOrderPage,
  gradeWorkOrder: workOrderGrade,
  /** One attachment (multipart); -10003 too large, -10004 type refused, -10006 too many unsent uploads. */
  upload: fileUpload,
});
