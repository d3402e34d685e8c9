import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacyProofMethods } from '@gp/contracts/privacy';
import { SiteLink } from '@gp/ui/site-link';
import { privacyCalls } from '../api/privacy.calls.ts';
import { privacyErrorText } from '../model/error-text.ts';
import controls from '../../../components/controls.module.css';
import section from '../../../components/account-section.module.css';
import { FormMessages } from '../../../components/form-messages.tsx';
import { SectionInput } from '../../../components/section-input.tsx';

const styles = { ...controls, ...section };

/** What the member typed to prove it is them: the password, or the code e-mailed to a member without one. */
export interface ProofInput {
  password: string;
  code: string;
}

export const emptyProof: ProofInput = { password: '', code: '' };

/** The way this member proves it is them, from the status the page read (password when it is unknown). */
export function proofWay(methods: PrivacyProofMethods | undefined): 'password' | 'code' | 'none' {
  if (!methods || methods.password) return 'password';
  return methods.email ? 'code' : 'none';
}

/**
 * The fields of the owner's proof before a deletion or a data download: the password; for a social-login member
 * (no password) a code e-mailed to the address shown masked, with its send button; for one with neither, the way
 * to customer service, who check the member's identity and open the request.
 */
export function OwnerProofFields({
  methods,
  value,
  error,
  onChange,
}: {
  methods: PrivacyProofMethods | undefined;
  value: ProofInput;
  /** The field's own error (empty). */
  error: string | undefined;
  onChange: (value: ProofInput) => void;
}) {
  const { t } = useTranslation('passport');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [alert, setAlert] = useState('');
  const way = proofWay(methods);

  if (way === 'password') {
    return (
      <SectionInput
        label={t('privacy.password')}
        error={error}
        value={value.password}
        onChange={(password) => onChange({ ...value, password })}
      />
    );
  }
  if (way === 'none') {
    return (
      <p className={styles.notice}>
        {t('privacy.noProof')} <SiteLink to="/service">{t('privacy.contactSupport')}</SiteLink>
      </p>
    );
  }

  const send = async () => {
    setAlert('');
    setSending(true);
    try {
      await privacyCalls.sendCode({});
      setSent(true);
    } catch (failure) {
      setAlert(privacyErrorText(t, failure));
    }
    setSending(false);
  };

  return (
    <>
      <p className={styles.text}>{t('privacy.codeExplain', { email: methods?.email ?? '' })}</p>
      <FormMessages
        alert={alert}
        notice={sent ? t('privacy.codeSent', { email: methods?.email ?? '' }) : ''}
      />
      <SectionInput
        label={t('privacy.code')}
        type="text"
        autoComplete="one-time-code"
        maxLength={6}
        error={error}
        value={value.code}
        onChange={(code) => onChange({ ...value, code })}
      >
        <button type="button" className={styles.secondary} onClick={() => void send()} disabled={sending}>
          {sending ? t('privacy.sendingCode') : t('privacy.sendCode')}
        </button>
      </SectionInput>
    </>
  );
}

/**
 * The proof as the calls take it, or undefined when its field is empty (the form says so). A member with no way
 * sends nothing: the server answers -740, whose text sends them to customer service.
 */
export async function proofOf(
  methods: PrivacyProofMethods | undefined,
  value: ProofInput,
  sealPassword: (password: string) => Promise<string>,
): Promise<{ pwd?: string; code?: string } | undefined> {
  const way = proofWay(methods);
  if (way === 'none') return {};
  if (way === 'code') return value.code.trim() ? { code: value.code.trim() } : undefined;
  return value.password ? { pwd: await sealPassword(value.password) } : undefined;
}
