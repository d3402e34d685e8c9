/**
 * Every per-address number in one place (apps/api/README.md "Account guards"). A mobile carrier puts thousands of
 * players behind one IPv4 address, so a per-address count is never what stops a person: past its soft line it asks
 * for a freshly solved captcha (where the call has one), and only a ceiling far above anything a shared address
 * reaches honestly refuses, as a backstop against floods. What holds an abuser is counted per target (an e-mail, a
 * phone number, an order), per account and globally (the SMS budget), which no shared address can exhaust for
 * the others. Addresses are counted by `addressLimitKey` (IPv6 by its /64).
 */

/** A ceiling is this many times its soft line (the soft lines come from the environment, see below). */
export const addressCeilingFactor = 10;

/** How recently the captcha of a call past a soft line must have been solved: no stockpiled tickets. */
export const freshCaptchaMs = 60_000;

export const addressLimits = {
  /** Accounts made (env REGISTRATIONS_PER_HOUR / _PER_DAY: the soft lines); the ceilings answer -800. */
  registrations: { softPerHour: 5, softPerDay: 20 },
  /** Codes of every channel asked for (env CODES_PER_IP_PER_HOUR); the ceiling answers 800000 (HTTP 429). */
  codes: { softPerHour: 30 },
  /** SMS caused (env SMS_PER_ADDRESS_PER_DAY); the ceiling answers -701. */
  sms: { softPerDay: 100 },
  /** Order lookups without login: no captcha on the pay host, so only a ceiling (800000, HTTP 429). */
  orderLookups: { windowMs: 15 * 60_000, ceiling: 200 },
} as const;

/** The hard ceiling of a soft line. */
export const ceilingOf = (soft: number): number => soft * addressCeilingFactor;
