import { useTranslation } from 'react-i18next';
import { CaptchaField } from './captcha-field.tsx';
import { Field } from '../../../components/field.tsx';
import { FormMessages } from '../../../components/form-messages.tsx';
import type { CodeSlot, CodeStepState } from './use-code-step.ts';
import controls from '../../../components/controls.module.css';

/** A 6-digit code with its "send code" button, which counts down while a new code may not be asked for. */
export function CodeField({
  label,
  slot,
  error,
  onSend,
}: {
  label: string;
  slot: CodeSlot;
  error?: string | undefined;
  onSend: () => Promise<void>;
}) {
  const { t } = useTranslation('passport');
  return (
    <Field
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      value={slot.value}
      onChange={(e) => slot.set(e.target.value)}
      error={error}
    >
      <button
        type="button"
        className={`${controls.secondary} ${controls.waiting}`}
        disabled={slot.wait > 0}
        onClick={() => void onSend()}
      >
        {slot.wait > 0 ? t('signup.resendIn', { seconds: slot.wait }) : t('signup.sendCode')}
      </button>
    </Field>
  );
}

/**
 * The code step of a form with one code: the captcha, the code with its send button, then what the sending
 * said.
 */
export function CodeStep({
  step,
  label,
  onSend,
}: {
  step: CodeStepState;
  label: string;
  onSend: () => Promise<void>;
}) {
  return (
    <>
      <CaptchaField {...step.captchaField} />
      <CodeField label={label} slot={step.code} error={step.errors.code} onSend={onSend} />
      <FormMessages notice={step.notice} />
    </>
  );
}
