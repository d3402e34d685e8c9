import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { emailRule, nicknameRule, phoneRule } from '@gp/contracts/passport';
import { SiteLink } from '@gp/ui/site-link';
import { registerByPhone } from '../api/register-by-phone.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { registerByEmail } from '../api/register-by-email.ts';
import { sendRegisterCode } from '../api/send-register-code.ts';
import { AuthForm, SubmitButton, useFormSubmit } from './auth-form.tsx';
import { CodeStep } from './code-field.tsx';
import { EmailField } from './email-field.tsx';
import { Field } from '../../../components/field.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import { PasswordPair, passwordPairErrors } from './password-pair.tsx';
import { PhoneFields } from './phone-fields.tsx';
import { isCode, useCodeStep } from './use-code-step.ts';
import controls from '../../../components/controls.module.css';
import styles from './forms.module.css';

/** A new member: the nickname to greet, and what they log in with (the e-mail, or the phone with its country). */
export interface Registered {
  nickName: string;
  account: string;
}

/**
 * Registration (spec 4-5) by e-mail (code to the inbox) or by phone (country list, SMS code, nickname): password
 * twice, terms; success hands over to login. Mistakes are shown next to their fields; nothing typed is lost.
 */
export function SignupForm({
  method,
  onRegistered,
}: {
  method: 'email' | 'phone';
  onRegistered: (member: Registered) => void;
}) {
  const { t } = useTranslation('passport');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState({ cid: 66, tel: '' });
  const [nickName, setNickName] = useState('');
  const [passwords, setPasswords] = useState({ password: '', confirmation: '' });
  const [agree, setAgree] = useState(false);
  const step = useCodeStep();
  const { errors, alert, code } = step;
  const { busy, submit } = useFormSubmit(step);

  const identityErrors = (): Record<string, string> => {
    if (method === 'email')
      return emailRule.safeParse(email.trim()).success ? {} : { email: t('validation.email') };
    return phoneRule.safeParse(phone.tel).success ? {} : { tel: t('validation.phone') };
  };

  const sendCode = () =>
    step.sendCode(
      identityErrors(),
      (imgToken, answer) =>
        method === 'email'
          ? sendRegisterCode(email.trim(), imgToken, answer)
          : sendSmsCode(phone.cid, phone.tel, 'register', imgToken, answer),
      () =>
        method === 'email'
          ? t('guards.signupCodeSentEmail', { email: email.trim() })
          : t('guards.signupCodeSentPhone', { number: `${phone.cid} ${phone.tel.replace(/^0+/, '')}` }),
    );

  const check = () => {
    const found = { ...identityErrors(), ...passwordPairErrors(passwords, t) };
    if (method === 'phone' && !nicknameRule.safeParse(nickName.trim()).success)
      found.nickName = t('validation.nickname');
    if (!isCode(code.value)) found.code = t('validation.code');
    if (!agree) found.agree = t('validation.agree');
    return found;
  };

  const register = async () => {
    const account =
      method === 'email'
        ? await registerByEmail({ email: email.trim(), code: code.value.trim(), ...passwords })
        : await registerByPhone({
            ...phone,
            code: code.value.trim(),
            nickName: nickName.trim(),
            ...passwords,
          });
    onRegistered({
      nickName: account.nickName,
      // The login form takes a phone as country code + national number, as the server stores it.
      account: method === 'email' ? email.trim() : `${phone.cid}${phone.tel.replace(/^0+/, '')}`,
    });
  };

  return (
    <AuthForm onSubmit={(e) => submit(e, check, register)}>
      <FormMessages alert={alert} />
      {method === 'email' ? (
        <EmailField
          label={t('signup.email')}
          name="email"
          required
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
      ) : (
        <PhoneFields cid={phone.cid} tel={phone.tel} onChange={setPhone} error={errors.tel} />
      )}
      <CodeStep
        step={step}
        label={method === 'email' ? t('signup.code') : t('phone.code')}
        onSend={sendCode}
      />
      {method === 'phone' && (
        <Field
          label={t('phone.nickname')}
          hint={t('phone.nicknameHint')}
          name="nickName"
          autoComplete="nickname"
          maxLength={16}
          required
          value={nickName}
          onChange={(e) => setNickName(e.target.value)}
          error={errors.nickName}
        />
      )}
      <PasswordPair value={passwords} onChange={setPasswords} errors={errors} purpose="signup" />
      <div className={controls.field}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={agree}
            onChange={(e) => setAgree(e.target.checked)}
            aria-invalid={errors.agree ? true : undefined}
          />
          <span>
            <Trans
              t={t}
              i18nKey="signup.agree"
              components={{
                terms: <SiteLink to="/terms" target="_blank" />,
                privacy: <SiteLink to="/privacy" target="_blank" />,
              }}
            />
          </span>
        </label>
        {errors.agree && <p className={controls.error}>{errors.agree}</p>}
      </div>
      <SubmitButton busy={busy} label={t('signup.submit')} busyLabel={t('signup.submitting')} />
    </AuthForm>
  );
}
