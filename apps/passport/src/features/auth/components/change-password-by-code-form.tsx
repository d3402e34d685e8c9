import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRule, phoneRule } from '@gp/contracts/passport';
import { visuallyHidden } from '@gp/ui/visually-hidden';
import { changePasswordByCode } from '../api/change-password-by-code.ts';
import { sendOwnCode } from '../api/send-own-code.ts';
import { AuthForm, SubmitButton, useFormSubmit } from './auth-form.tsx';
import { CodeStep } from './code-field.tsx';
import { EmailField } from './email-field.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import { PasswordPair, passwordPairErrors } from './password-pair.tsx';
import { PhoneFields } from './phone-fields.tsx';
import { isCode, useCodeStep } from './use-code-step.ts';
import styles from './forms.module.css';

type Channel = 'sms' | 'email';

/**
 * For a member who has forgotten the old password: a code to the bound phone (spec 7
 * /web/user/change/pwd) or the bound e-mail (/web/user/pwd/update), then the new password twice. The bound number
 * or address is typed in full, since the page shows it masked; only the channels the member has are offered.
 */
export function ChangePasswordByCodeForm({ hasEmail, hasPhone }: { hasEmail: boolean; hasPhone: boolean }) {
  const { t } = useTranslation('passport');
  const channels: Channel[] = [
    ...(hasPhone ? (['sms'] as const) : []),
    ...(hasEmail ? (['email'] as const) : []),
  ];
  const [channel, setChannel] = useState<Channel>(channels[0] ?? 'sms');
  const [phone, setPhone] = useState({ cid: 66, tel: '' });
  const [email, setEmail] = useState('');
  const [passwords, setPasswords] = useState({ password: '', confirmation: '' });
  const [saved, setSaved] = useState(false);
  const step = useCodeStep();
  const { errors, setErrors, alert, setNotice, code } = step;
  const { busy, submit } = useFormSubmit(step);

  if (channels.length === 0) return null;

  const contactErrors = (): Record<string, string> => {
    if (channel === 'sms')
      return phoneRule.safeParse(phone.tel).success ? {} : { tel: t('validation.phone') };
    return emailRule.safeParse(email.trim()).success ? {} : { email: t('validation.email') };
  };

  const sendCode = () =>
    step.sendCode(
      contactErrors(),
      (imgToken, answer) =>
        sendOwnCode(
          channel === 'sms' ? { channel, ...phone } : { channel, email: email.trim() },
          imgToken,
          answer,
        ),
      () => t(channel === 'sms' ? 'guards.codeSentPhone' : 'guards.codeSentEmail'),
    );

  const check = () => {
    setSaved(false);
    const found = passwordPairErrors(passwords, t);
    if (!isCode(code.value)) found.code = t('validation.code');
    return found;
  };

  const send = async () => {
    await changePasswordByCode({ channel, code: code.value.trim(), ...passwords });
    setSaved(true);
    setNotice('');
    code.set('');
    setPasswords({ password: '', confirmation: '' });
  };

  return (
    <AuthForm heading={t('guards.byCodeHeading')} onSubmit={(e) => submit(e, check, send)}>
      <p>{t('guards.byCodeIntro')}</p>
      <FormMessages alert={alert} notice={saved ? t('account.saved') : ''} />
      {channels.length > 1 && (
        <fieldset className={styles.methods}>
          <legend className={visuallyHidden}>{t('guards.channel')}</legend>
          {channels.map((c) => (
            <label key={c} className={channel === c ? styles.methodActive : styles.method}>
              <input
                type="radio"
                name="code-channel"
                value={c}
                checked={channel === c}
                onChange={() => {
                  setChannel(c);
                  setErrors({});
                  setNotice('');
                }}
              />
              {t(c === 'sms' ? 'guards.byPhone' : 'guards.byEmail')}
            </label>
          ))}
        </fieldset>
      )}
      {channel === 'sms' ? (
        <PhoneFields cid={phone.cid} tel={phone.tel} onChange={setPhone} error={errors.tel} />
      ) : (
        <EmailField label={t('guards.boundEmail')} value={email} onChange={setEmail} error={errors.email} />
      )}
      <CodeStep step={step} label={t(channel === 'sms' ? 'phone.code' : 'signup.code')} onSend={sendCode} />
      <PasswordPair value={passwords} onChange={setPasswords} errors={errors} purpose="account" />
      <SubmitButton busy={busy} label={t('guards.byCodeSubmit')} busyLabel={t('account.saving')} />
    </AuthForm>
  );
}
