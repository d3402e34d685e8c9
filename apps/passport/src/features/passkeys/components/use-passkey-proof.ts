import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { provePasskey } from '../api/prove-passkey.ts';
import { passkeyErrorText, passkeysSupported } from '../model/passkey-errors.ts';

/**
 * A passkey as the proof of the owner for the account page's other forms (a contact change): asks the device for
 * one of the member's passkeys and answers its JSON. Undefined where it cannot be offered (no passkey, no WebAuthn).
 */
export function usePasskeyProof(hasPasskey: boolean) {
  const { t } = useTranslation('passport');
  return useMemo(
    () =>
      hasPasskey && passkeysSupported()
        ? {
            prove: async () => JSON.stringify(await provePasskey()),
            errorText: (error: unknown) => passkeyErrorText(t, error),
          }
        : undefined,
    [hasPasskey, t],
  );
}
