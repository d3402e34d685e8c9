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

/** A new password with its rule as a hint, and its confirmation. */
export function PasswordPair({
  value,
  onChange,
  errors,
  labels,
}: {
  value: PasswordPairValue;
  onChange: (next: PasswordPairValue) => void;
  errors: Record<string, string>;
  labels: { password: string; confirmation: string };
}) {
  const { t } = useTranslation('passport');
  return (
    <>
      <Field
        label={labels.password}
        hint={t('signup.passwordHint')}
        type="password"
        name="password"
        autoComplete="new-password"
        maxLength={16}
        required
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
        error={errors.password}
      />
      <Field
        label={labels.confirmation}
        type="password"
        name="confirmation"
        autoComplete="new-password"
        maxLength={16}
        required
        value={value.confirmation}
        onChange={(e) => onChange({ ...value, confirmation: e.target.value })}
        error={errors.confirmation}
      />
    </>
  );
}
