/**
 * Contact info (spec 3 "Customer contact info"): the rules of `contactFormSchema`, answered with the service
 * codes of spec 8 in this order: -702 contact name (2-20), -704 phone, -705 e-mail, -706 address (at most 50).
 * Phone, e-mail and address may be left empty.
 */
import {
  contactAddressRule,
  contactNameRule,
  contactPhoneRule,
  csEmailRule,
  type ContactInfoData,
  type Sex,
} from '@gp/contracts/cs';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import type { AuthenticatedMember } from '../accounts/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { ContactRepository } from './contact.repository.ts';

export const contactCodes = {
  name: codes.serviceContactNameFormat,
  phone: codes.servicePhoneFormat,
  email: codes.serviceEmailFormat,
  address: codes.serviceAddressLength,
} as const;

export interface ContactInput {
  contacts: string;
  sex: Sex;
  mobile: string;
  email: string;
  address: string;
}

function checked<T>(result: { success: true; data: T } | { success: false }, code: number): T {
  if (!result.success) throw new AppError(code);
  return result.data;
}

export class ContactService {
  constructor(
    private readonly repo: ContactRepository,
    private readonly options: { now: Clock },
  ) {}

  async info(member: Pick<AuthenticatedMember, 'mid' | 'nickName'>): Promise<ContactInfoData> {
    const row = await this.repo.find(member.mid);
    return {
      nickname: member.nickName,
      contacts: row?.contacts ?? '',
      sex: (row?.sex ?? 0) as Sex,
      mobile: row?.mobile ?? '',
      email: row?.email ?? '',
      address: row?.address ?? '',
    };
  }

  async save(mid: number, input: ContactInput): Promise<null> {
    const contacts = checked(contactNameRule.safeParse(input.contacts), contactCodes.name);
    const mobileText = input.mobile.trim();
    const mobile = mobileText ? checked(contactPhoneRule.safeParse(mobileText), contactCodes.phone) : '';
    const emailText = input.email.trim();
    const email = emailText ? checked(csEmailRule.safeParse(emailText), contactCodes.email) : '';
    const address = checked(contactAddressRule.safeParse(input.address), contactCodes.address);
    await this.repo.save(mid, { contacts, sex: input.sex, mobile, email, address }, this.options.now());
    return null;
  }
}
