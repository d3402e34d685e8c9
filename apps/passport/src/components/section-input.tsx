import { Field } from './field.tsx';

/**
 * The field of an account-page section that confirms a step: by default the current password (a passkey added
 * or removed, the account deleted).
 */
export function SectionInput({
  onChange,
  type = 'password',
  autoComplete = 'current-password',
  maxLength = 16,
  ...field
}: {
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  type?: 'password' | 'text';
  autoComplete?: string;
  maxLength?: number;
}) {
  return (
    <Field
      {...field}
      type={type}
      autoComplete={autoComplete}
      maxLength={maxLength}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
