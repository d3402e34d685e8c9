/** The member's passkeys: the calls of @gp/contracts/passkeys with the browser's WebAuthn. */
import {
  passkeyLogin,
  passkeyLoginOptions,
  userPasskeyAdd,
  userPasskeyOptions,
  userPasskeyProofOptions,
  userPasskeyRemove,
  userPasskeyRename,
  userPasskeys,
  type MemberPasskeyData,
} from '@gp/contracts/passkeys';
import type { WebAuthnAnswer } from '@gp/contracts/webauthn';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api } from '../../../lib/api-client.ts';

export type { MemberPasskeyData };

export async function listPasskeys(): Promise<MemberPasskeyData[]> {
  return (await api.call(userPasskeys, {})).list;
}

/** The password opens the options; the device makes the passkey; the server keeps its public key as `name`. */
export async function addPasskey(name: string, sealedPassword: string): Promise<MemberPasskeyData> {
  const options = await api.call(userPasskeyOptions, { pwd: sealedPassword });
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return api.call(userPasskeyAdd, { name, response: response as unknown as WebAuthnAnswer });
}

export const renamePasskey = (id: number, name: string) => api.call(userPasskeyRename, { id, name });

/** One of the member's own passkeys answers a proof of the owner (its answer goes with the call it proves). */
export async function provePasskey(): Promise<WebAuthnAnswer> {
  const options = await api.call(userPasskeyProofOptions, {});
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return response as unknown as WebAuthnAnswer;
}

export const removePasskey = (id: number, proof: { pwd: string } | { passkey: WebAuthnAnswer }) =>
  api.call(userPasskeyRemove, { id, ...proof });

/** The device offers the passkeys it holds for this site; the chosen one logs in. Answers where to go next. */
export async function loginWithPasskey(input: { gourl: string }): Promise<string> {
  const options = await api.call(passkeyLoginOptions, {});
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  const answer = await api.call(passkeyLogin, {
    response: response as unknown as WebAuthnAnswer,
    gourl: input.gourl,
  });
  return answer.gourl;
}
