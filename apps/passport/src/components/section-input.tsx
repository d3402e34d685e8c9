import type { ReactNode } from 'react';
import { Field } from './field.tsx';

/**
 * A field that hands on its text: by default the current password that confirms a step (a password or a
 * contact changed, a passkey added or removed, the account deleted); `children` stand beside it.
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
  children?: ReactNode;
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
