import { useId, useRef, useState, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEarlyInput, useScriptsReady } from '@gp/ui/early-input';
import controls from '../../../components/controls.module.css';
import { errorMessage } from '../model/error-message.ts';
import styles from './forms.module.css';

/** A form's field errors by field name, its alert and its notice. */
export function useFormMessages() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  return { errors, setErrors, alert, setAlert, notice, setNotice };
}

/**
 * A form's submit: `check` answers the fields' errors (each shown beside its field; with any, nothing is sent),
 * then `send` runs while the form is busy; a refusal is said in the form's alert, by `errorText` when it has
 * words for it, else by its code.
 */
export function useFormSubmit(
  form: Pick<ReturnType<typeof useFormMessages>, 'setErrors' | 'setAlert'>,
  errorText?: (error: unknown) => string | undefined,
) {
  const { t } = useTranslation('passport');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent, check: () => Record<string, string>, send: () => Promise<void>) => {
    e.preventDefault();
    form.setAlert('');
    const found = check();
    form.setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await send();
    } catch (error) {
      form.setAlert(errorText?.(error) ?? errorMessage(t, error));
    }
    setBusy(false);
  };
  return { busy, submit };
}

/**
 * A form of the passport pages, named by its heading when it has one; the browser's own checks are off. What the
 * player typed into the server's markup before the takeover is handed to the form's fields (early-input.ts).
 */
export function AuthForm({
  heading,
  onSubmit,
  children,
  ...form
}: {
  heading?: string;
  onSubmit: (e: FormEvent) => Promise<void>;
  children: ReactNode;
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'>) {
  const headingId = useId();
  const ref = useRef<HTMLFormElement>(null);
  useEarlyInput(ref);
  return (
    <form
      ref={ref}
      className={styles.form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby={heading ? headingId : undefined}
      {...form}
    >
      {heading && <h2 id={headingId}>{heading}</h2>}
      {children}
    </form>
  );
}

/**
 * The form's own button: `busyLabel` while what it sent is on its way. Disabled and busy until the scripts have
 * the form: sent by the browser alone it would be a GET of the page with the password in its address.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
}) {
  const ready = useScriptsReady();
  return (
    <button
      type="submit"
      className={controls.primary}
      disabled={busy || !ready}
      aria-busy={!ready || undefined}
    >
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}
