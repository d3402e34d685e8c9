import { Field } from '../../../components/field.tsx';

/** An e-mail address; by default the browser may offer the member's own. */
export function EmailField({
  onChange,
  autoComplete = 'email',
  ...field
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  name?: string;
  required?: boolean;
  autoComplete?: string;
}) {
  return (
    <Field type="email" autoComplete={autoComplete} {...field} onChange={(e) => onChange(e.target.value)} />
  );
}
