/**
 * Members' passkeys, calls of the passport group (our addition; spec 7 has none): an optional
 * way to log in on the passport host, added and removed in account settings, and a proof of the owner for
 * contact changes (userEmailBind / userHandleTel `passkey`). The relying party is the passport host
 * (PASSPORT_ORIGIN). Refusals: -720 a passkey that does not verify (unknown here, removed, another account's,
 * a challenge used or older than 5 minutes, a counter that went back); -721 the 10 passkeys an account may have.
 */
import { z } from 'zod';
import { defineCall, flag } from './define.ts';
import { sealedPassword, userInfoData } from './passport.contracts.ts';
import { webauthnOptions, webauthnResponse } from './webauthn.ts';

/** At most so many passkeys per account. */
export const passkeysPerMember = 10;

/** A name the member gives a passkey ("My phone"): one line. */
export const passkeyNameRule = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[^\p{Cc}]*$/u);

export const memberPasskeyData = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type MemberPasskeyData = z.infer<typeof memberPasskeyData>;

/** The member's passkeys, oldest first. */
export const userPasskeys = defineCall({
  group: 'passport',
  method: 'GET',
  path: '/web/user/passkeys',
  auth: 'member',
  request: z.object({}),
  response: z.object({ list: z.array(memberPasskeyData) }),
});

/**
 * Options to make a passkey for this account: only with the current password (`pwd`, sealed like a login's; a
 * wrong one counts against the account's lockout like a login: 510008, 500004), so a stolen session alone cannot
 * add one. The challenge lives 5 minutes and works once. Account-type members only (-111).
 */
export const userPasskeyOptions = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/passkeys/options',
  encoding: 'json',
  auth: 'member',
  request: z.object({ pwd: sealedPassword }),
  response: webauthnOptions,
});

/** Keeps the passkey that answered the last options under `name`. -720, -721. */
export const userPasskeyAdd = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/passkeys/add',
  encoding: 'json',
  auth: 'member',
  request: z.object({ name: passkeyNameRule, response: webauthnResponse }),
  response: memberPasskeyData,
});

export const userPasskeyRename = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/passkeys/rename',
  encoding: 'json',
  auth: 'member',
  /** -404 for a passkey that is not the member's. */
  request: z.object({ id: z.number().int(), name: passkeyNameRule }),
  response: z.null(),
});

/**
 * Options for a proof of the owner with one of the member's own passkeys (removing a passkey, a contact change);
 * its answer goes with that call. -720 when the account has none.
 */
export const userPasskeyProofOptions = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/passkeys/proof/options',
  encoding: 'json',
  auth: 'member',
  request: z.object({}),
  response: webauthnOptions,
});

/**
 * Removes one of the member's passkeys, with the current password (`pwd`) or a passkey's answer to
 * `proof/options` (`passkey`); neither: -600. -404 for a passkey that is not the member's.
 */
export const userPasskeyRemove = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/passkeys/remove',
  encoding: 'json',
  auth: 'member',
  request: z.object({
    id: z.number().int(),
    pwd: sealedPassword.optional(),
    passkey: webauthnResponse.optional(),
  }),
  response: z.null(),
});

/**
 * Options to log in with a passkey, for no account in particular: the device offers the passkeys it holds for
 * this site (discoverable credentials), so nobody types an account and the answer says nothing of which exist.
 */
export const passkeyLoginOptions = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/passkey/login/options',
  encoding: 'json',
  auth: 'public',
  request: z.object({}),
  response: webauthnOptions,
});

/**
 * Logs in with the answer to the last login options, as `gameLogin` does with a password (the same session
 * cookies, new-device notice and lockout: 500004 while the account is locked). -720 for any passkey that does
 * not verify, whether or not an account is behind it. `keep` and `gourl` as for `gameLogin`.
 */
export const passkeyLogin = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/passkey/login',
  encoding: 'json',
  auth: 'public',
  request: z.object({
    response: webauthnResponse,
    keep: flag.optional(),
    gourl: z.string().max(2048).optional(),
  }),
  response: userInfoData.extend({ gourl: z.string() }),
});
