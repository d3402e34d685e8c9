import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '@gp/config';
import { useScriptsReady } from '@gp/ui/early-input';
import { authCalls } from '../api/auth.calls.ts';
import { errorMessage } from '../model/error-message.ts';
import { Field } from '../../../components/field.tsx';
import controls from '../../../components/controls.module.css';
import styles from './forms.module.css';

export interface CaptchaState {
  imgToken: string;
  answer: string;
}

/**
 * The graphic captcha (spec 5): the picture, the answer field and a refresh button. `version` changes force a
 * new picture (after a failed attempt the old one is spent).
 */
export function CaptchaField({
  value,
  onChange,
  version,
  error,
}: {
  value: CaptchaState;
  onChange: (next: CaptchaState) => void;
  version: number;
  error?: string | undefined;
}) {
  const { t } = useTranslation('passport');
  const [image, setImage] = useState('');
  const [loadError, setLoadError] = useState('');
  const [refreshes, setRefreshes] = useState(0);
  // A new picture is the scripts' work: the button waits for them (early-input.ts).
  const ready = useScriptsReady();

  useEffect(() => {
    let live = true;
    authCalls.captcha({ distribution_region: site.distributionRegion }).then(
      (captcha) => {
        if (!live) return;
        setImage(captcha.image);
        setLoadError('');
        onChange({ imgToken: captcha.img_token, answer: '' });
      },
      (error: unknown) => {
        if (live) setLoadError(errorMessage(t, error));
      },
    );
    return () => {
      live = false;
    };
    // onChange is the parent's setter; a new picture is wanted only when `version` or a refresh asks for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, refreshes, t]);

  return (
    <Field
      label={t('captcha.label')}
      name="captcha"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      inputMode="text"
      maxLength={8}
      required
      value={value.answer}
      onChange={(e) => onChange({ ...value, answer: e.target.value })}
      error={error ?? (loadError || undefined)}
    >
      {image ? (
        <img className={styles.captcha} src={image} alt={t('captcha.image')} width={150} height={50} />
      ) : (
        <span className={styles.captcha} role="status">
          {t('captcha.loading')}
        </span>
      )}
      <button
        type="button"
        className={controls.secondary}
        disabled={!ready}
        onClick={() => setRefreshes((n) => n + 1)}
        aria-label={t('captcha.refresh')}
      >
        <span aria-hidden="true">↻</span>
      </button>
    </Field>
  );
}
