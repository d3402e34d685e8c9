import type { WebAuthnAnswer } from '@gp/contracts/webauthn';
import { answerOnDevice } from '../model/device.ts';
import { passkeysCalls } from './passkeys.calls.ts';

/** One of the member's own passkeys answers a proof of the owner (its answer goes with the call it proves). */
export async function provePasskey(): Promise<WebAuthnAnswer> {
  return answerOnDevice(await passkeysCalls.proofOptions({}));
}
