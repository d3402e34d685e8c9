/**
 * The top-up captcha (spec 5): picture, answer field, refresh. The picture and the typed answer live in the
 * draft, so going back from the confirm step shows the same ones; a spent or expired captcha (the draft drops it
 * after a refused order) brings a new picture.
 */
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopupApi } from '../model/variant.ts';
import { errorMessage } from '../model/error-message.ts';
import { readDraft, useDraft } from '../model/draft.ts';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import styles from './topup.module.css';

/** A captcha this close to expiring is replaced rather than typed into. */
const marginMs = 15_000;

export function CaptchaField({
  api,
  error,
  inputRef,
}: {
  api: TopupApi;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('pay');
  const id = useId();
  const [draft, update] = useDraft(api.id);
  const { guard } = useLoginRedirect();
  const [refreshes, setRefreshes] = useState(0);
  const used = useRef(0);
  const [loadError, setLoadError] = useState('');
  const token = draft.captcha?.token;

  useEffect(() => {
    const current = readDraft(api.id).captcha;
    const wanted = refreshes > used.current;
    if (current && !wanted && current.expiresAt - Date.now() > marginMs) return;
    used.current = refreshes;
    let live = true;
    guard(api.captcha()).then(
      (captcha) => {
        if (!live) return;
        setLoadError('');
        update((d) => ({
          ...d,
          captcha: {
            token: captcha.captcha_token,
            image: captcha.image,
            code: '',
            expiresAt: Date.now() + captcha.expires_in * 1000,
          },
        }));
      },
      (e: unknown) => {
        if (live) setLoadError(errorMessage(t, e));
      },
    );
    return () => {
      live = false;
    };
  }, [api, token, refreshes, guard, update, t]);

  const shown = error ?? (loadError || undefined);
  return (
    <div className={styles.group}>
      <label htmlFor={id} className={styles.label}>
        {t('captcha.label')}
      </label>
      <div className={styles.captchaRow}>
        <input
          ref={inputRef}
          id={id}
          className={styles.input}
          name="captcha_code"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={12}
          value={draft.captcha?.code ?? ''}
          onChange={(e) => {
            const code = e.target.value;
            update((d) => (d.captcha ? { ...d, captcha: { ...d.captcha, code } } : d));
          }}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
        />
        {draft.captcha ? (
          <img
            className={styles.captchaImage}
            src={draft.captcha.image}
            alt={t('captcha.image')}
            width={150}
            height={50}
          />
        ) : (
          <span className={styles.captchaImage} role="status">
            {t('captcha.loading')}
          </span>
        )}
        <button type="button" className={styles.secondary} onClick={() => setRefreshes((n) => n + 1)}>
          {t('captcha.refresh')}
        </button>
      </div>
      {shown && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {shown}
        </p>
      )}
    </div>
  );
}
