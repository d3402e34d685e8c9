/**
 * The member's passkeys (@gp/contracts/passkeys), bound once. The steps that ask the device in between
 * (adding one, proving the owner, logging in) are the files beside this one.
 */
import { bindCalls } from '@gp/api-client';
import {
  passkeyLogin,
  passkeyLoginOptions,
  userPasskeyAdd,
  userPasskeyOptions,
  userPasskeyProofOptions,
  userPasskeyRemove,
  userPasskeyRename,
  userPasskeys,
} from '@gp/contracts/passkeys';
import { api } from '../../../lib/api-client.ts';

export const passkeysCalls = /* @__PURE__ */ bindCalls(api, {
  /** The member's passkeys with their names, when each was added and last used. */
  list: userPasskeys,
  /** The options the device makes a new passkey from; `pwd` (sealed as at login) opens them. */
  addOptions: userPasskeyOptions,
  /** Keeps the new passkey's public key under its name. */
  add: userPasskeyAdd,
  rename: userPasskeyRename,
  /** The challenge one of the member's own passkeys answers to prove the owner. */
  proofOptions: userPasskeyProofOptions,
  /** Removes one, proven by the password (`pwd`) or a passkey's answer (`passkey`). */
  remove: userPasskeyRemove,
  loginOptions: passkeyLoginOptions,
  login: passkeyLogin,
});
