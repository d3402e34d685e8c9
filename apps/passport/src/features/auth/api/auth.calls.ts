/**
 * The auth calls a screen makes as they are, bound once. A call with steps of its own (the captcha ticket
 * first, sealed passwords, a social sign-in's round trip) is a file beside this one that calls the client
 * itself, so a screen loads only the contracts it uses (the login page is a landing page with a byte budget).
 */
import { bindCalls } from '@gp/api-client';
import { countryList, emailMailCheck, emailMailSend, imgCaptcha } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';

export const authCalls = /* @__PURE__ */ bindCalls(api, {
  /** A new captcha picture; its token goes with the answer (`distribution_region`: the site's). */
  captcha: imgCaptcha,
  countries: countryList,
  /** Whether a reset link (its ticket and address) is still good. */
  checkResetLink: emailMailCheck,
  /** Mails a reset link; the captcha is checked by this call itself, with its picture's token. */
  sendResetLink: emailMailSend,
});
