/** What the device does with the server's WebAuthn options (@simplewebauthn/browser), as the calls take it. */
import type { WebAuthnAnswer } from '@gp/contracts/webauthn';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/** The device makes a passkey from the options of a registration. */
export async function createOnDevice(options: unknown): Promise<WebAuthnAnswer> {
  const response = await startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  });
  return response as unknown as WebAuthnAnswer;
}

/** The device answers a challenge with one of the passkeys it holds for this site. */
export async function answerOnDevice(options: unknown): Promise<WebAuthnAnswer> {
  const response = await startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
  });
  return response as unknown as WebAuthnAnswer;
}
