import type { MemberPasskeyData } from '@gp/contracts/passkeys';
import { createOnDevice } from '../model/device.ts';
import { passkeysCalls } from './passkeys.calls.ts';

/** The password opens the options; the device makes the passkey; the server keeps its public key as `name`. */
export async function addPasskey(name: string, sealedPassword: string): Promise<MemberPasskeyData> {
  const response = await createOnDevice(await passkeysCalls.addOptions({ pwd: sealedPassword }));
  return passkeysCalls.add({ name, response });
}
