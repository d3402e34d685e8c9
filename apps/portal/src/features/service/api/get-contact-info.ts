import { contactsInfo } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

/** The member's contact info (nickname read-only; empty fields until saved). */
export function getContactInfo() {
  return api.call(contactsInfo, {});
}
