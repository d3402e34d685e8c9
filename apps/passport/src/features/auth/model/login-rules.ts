/**
 * The login form's field checks with the shared schemas of the contracts. They use zod, so the form loads
 * this module when the visitor starts on the form rather than with the page (zod stays out of the login
 * page's first load).
 */
import { emailRule, passwordRule } from '@gp/contracts/passport';

/** A phone number with its country code, as the login form takes it. */
const phoneWithCountry = /^\+?\d{6,18}$/;

export function isLoginAccount(account: string): boolean {
  return emailRule.safeParse(account).success || phoneWithCountry.test(account);
}

export function isPassword(password: string): boolean {
  return passwordRule.safeParse(password).success;
}
