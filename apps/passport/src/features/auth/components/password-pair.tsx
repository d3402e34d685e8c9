import { useTranslation } from 'react-i18next';
import { passwordRule } from '@gp/contracts/passport';
import { Field } from '../../../components/field.tsx';

export interface PasswordPairValue {
  password: string;
  confirmation: string;
}

/** Checks a new password and its confirmation (spec 5); answers the errors by field name. */
export function passwordPairErrors(
  value: PasswordPairValue,
  t: (key: string) => string,
): Record<string, string> {
  if (!passwordRule.safeParse(value.password).success) return { password: t('validation.passwordRule') };
  if (value.password !== value.confirmation) return { confirmation: t('validation.passwordsDiffer') };
  return {};
}

/** The pair's labels where it is asked: at sign-up, for a reset (by code or by the e-mail's link), on the account. */
const labels = {
  signup: { password: 'signup.password', confirmation: 'signup.confirm' },
  reset: { password: 'phone.newPassword', confirmation: 'findpwd.confirm' },
  resetLink: { password: 'findpwd.newPassword', confirmation: 'findpwd.confirm' },
  account: { password: 'account.newPassword', confirmation: 'account.confirm' },
} as const;

/** A new password with its rule as a hint, and its confirmation. */
export function PasswordPair({
  value,
  onChange,
  errors,
  purpose,
}: {
  value: PasswordPairValue;
  onChange: (next: PasswordPairValue) => void;
  errors: Record<string, string>;
  purpose: keyof typeof labels;
}) {
  const { t } = useTranslation('passport');
  return (['password', 'confirmation'] as const).map((name) => (
    <Field
      key={name}
      label={t(labels[purpose][name])}
      hint={name === 'password' ? t('signup.passwordHint') : undefined}
      type="password"
      name={name}
      autoComplete="new-password"
      maxLength={16}
      required
      value={value[name]}
      onChange={(e) => onChange({ ...value, [name]: e.target.value })}
      error={errors[name]}
    />
  ));
}
