import { codes } from '@gp/errors';
import { errorCode } from './error-message.ts';

export type Settled<T> = { data: T; error: null } | { data: null; error: unknown };

/**
 * A loader's call whose failure the screen shows in place (beside the parts that did load). -101 is still
 * thrown: the console's loader wrapper sends the agent to the login and back.
 */
export function settle<T>(call: Promise<T>): Promise<Settled<T>> {
  return call.then(
    (data) => ({ data, error: null }),
    (error: unknown) => {
      if (errorCode(error) === codes.notLoggedIn) throw error;
      return { data: null, error };
    },
  );
}
