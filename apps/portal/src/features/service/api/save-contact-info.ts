import type { ContactForm } from '@gp/contracts/cs';
import { serviceCalls } from './service.calls.ts';

/** Saves the contact info; -702 / -704 / -705 / -706 name the broken field. */
export function saveContactInfo(contact: ContactForm) {
  return serviceCalls.saveContactInfo({
    contacts: contact.contacts,
    sex: Number(contact.sex),
    mobile: contact.mobile,
    email: contact.email,
    address: contact.address,
  });
}
