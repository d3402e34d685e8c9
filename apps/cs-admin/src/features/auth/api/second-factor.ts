/**
 * The staff second factor's calls: the login's second step (no session without it once a factor is enrolled) and
 * one's own factors. Passkeys go through the browser's WebAuthn prompt; the server verifies its answer.
 */
import {
  staffLoginPasskey,
  staffLoginPasskeyOptions,
  staffLoginRecovery,
  staffLoginTotp,
  staffPasskeyAdd,
  staffPasskeyOptions,
  staffPasskeyRemove,
  staffReauth,
  staffReauthPasskeyOptions,
  staffRecoveryCodesNew,
  staffSecondFactorDetail,
  staffTotpConfirm,
  staffTotpStart,
  type StaffSecondFactorData,
  type StaffSessionData,
} from '@gp/contracts/staff';
import type { TFunction } from 'i18next';
import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';

/** The browser's answer as the call takes it (the server verifies all of it). */
type WebAuthnAnswer = RequestOf<typeof staffLoginPasskey>['response'];

export type { StaffSecondFactorData };

export const loginWithTotp = (code: string): Promise<StaffSessionData> => api.call(staffLoginTotp, { code });

export const loginWithRecoveryCode = (code: string): Promise<StaffSessionData> =>
  api.call(staffLoginRecovery, { code });

/** The browser asks for one of the account's passkeys; its answer finishes the login. */
export async function loginWithPasskey(): Promise<StaffSessionData> {
  const options = await api.call(staffLoginPasskeyOptions, {});
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return api.call(staffLoginPasskey, { response: response as unknown as WebAuthnAnswer });
}

export const secondFactorDetail = (): Promise<StaffSecondFactorData> => api.call(staffSecondFactorDetail, {});

export const startTotp = () => api.call(staffTotpStart, {});

export const confirmTotp = (code: string) => api.call(staffTotpConfirm, { code });

export const newRecoveryCodes = () => api.call(staffRecoveryCodesNew, {});

/** The browser makes a passkey for the console; the server keeps its public key under `name`. */
export async function addPasskey(name: string) {
  const options = await api.call(staffPasskeyOptions, {});
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return api.call(staffPasskeyAdd, { name, response: response as unknown as WebAuthnAnswer });
}

export const removePasskey = (id: number) => api.call(staffPasskeyRemove, { id });

/**
 * A step-up before a factor change: the password, with an authenticator-app or recovery code when the account has
 * a factor (the first enrolment asks for the password only). A six-digit code is the app's; anything else a
 * recovery code.
 */
export function stepUp(password: string, code?: string) {
  const typed = code?.trim() ?? '';
  if (!typed) return api.call(staffReauth, { password });
  return /^(\d\s*){6}$/.test(typed)
    ? api.call(staffReauth, { password, totp: typed })
    : api.call(staffReauth, { password, recovery_code: typed });
}

/** A step-up with one of the account's passkeys (the browser asks for it). */
export async function stepUpWithPasskey(password: string) {
  const options = await api.call(staffReauthPasskeyOptions, {});
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return api.call(staffReauth, { password, passkey: response as unknown as WebAuthnAnswer });
}

/**
 * A refusal's message: the server's by its code, and for the browser's own refusal of a passkey (cancelled,
 * none on this device, not allowed here), which has no code, the passkey message.
 */
export function secondFactorError(t: TFunction, error: unknown): string {
  if (error instanceof WebAuthnError || (error instanceof DOMException && error.name !== 'AbortError'))
    return t('staff-errors:staff.passkeyFailed');
  return errorMessage(t, error);
}
