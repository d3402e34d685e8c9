import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionInput } from '../../../components/section-input.tsx';
import controls from '../../../components/controls.module.css';

/**
 * A passkey as the proof of the owner, where the member has one (the route hands it in from the passkeys
 * feature): `prove` asks the device and answers the JSON the binding calls take; `errorText` says why it failed.
 */
export interface PasskeyProof {
  prove: () => Promise<string>;
  errorText: (error: unknown) => string;
}

export type OwnerProof = { password: string } | { passkey: string };

/** The owner's proof of a binding form: the current password, or one of the member's passkeys. */
export function useOwnerProof(passkeyProof: PasskeyProof | undefined) {
  const [password, setPassword] = useState('');
  const [chosePasskey, setChosePasskey] = useState(false);
  const byPasskey = chosePasskey && !!passkeyProof;
  return {
    password,
    setPassword,
    byPasskey,
    setChosePasskey,
    canUsePasskey: !!passkeyProof,
    missing: !byPasskey && !password,
    /** The passkey is asked at submit, not before: its challenge lives 5 minutes, filling in the codes may not. */
    take: async (): Promise<OwnerProof> =>
      byPasskey ? { passkey: await passkeyProof.prove() } : { password },
    /** A failure's message when the passkey was asked (its own refusals), else undefined. */
    passkeyErrorText: (error: unknown) => (byPasskey ? passkeyProof.errorText(error) : undefined),
  };
}

export function OwnerProofField({
  proof,
  error,
}: {
  proof: ReturnType<typeof useOwnerProof>;
  error: string | undefined;
}) {
  const { t } = useTranslation('passport');
  if (proof.byPasskey)
    return (
      <div className={controls.field}>
        <p className={controls.hint}>{t('passkeys.proof.chosen')}</p>
        <button type="button" className={controls.secondary} onClick={() => proof.setChosePasskey(false)}>
          {t('passkeys.proof.usePassword')}
        </button>
      </div>
    );
  return (
    <SectionInput
      label={t('account.oldPassword')}
      error={error}
      value={proof.password}
      onChange={proof.setPassword}
    >
      {proof.canUsePasskey && (
        <button type="button" className={controls.secondary} onClick={() => proof.setChosePasskey(true)}>
          {t('passkeys.proof.usePasskey')}
        </button>
      )}
    </SectionInput>
  );
}
