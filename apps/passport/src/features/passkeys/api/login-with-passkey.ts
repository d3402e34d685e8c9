import { answerOnDevice } from '../model/device.ts';
import { passkeysCalls } from './passkeys.calls.ts';

/** The device offers the passkeys it holds for this site; the chosen one logs in. Answers where to go next. */
export async function loginWithPasskey(input: { gourl: string }): Promise<string> {
  const response = await answerOnDevice(await passkeysCalls.loginOptions({}));
  return (await passkeysCalls.login({ response, gourl: input.gourl })).gourl;
}
