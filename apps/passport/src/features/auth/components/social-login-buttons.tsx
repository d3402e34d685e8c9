import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '@gp/contracts/passport';
import { errorMessage } from '../model/error-message.ts';
import { providerNames } from '../model/provider-names.ts';
import { startSocialLogin } from '../api/start-social-login.ts';
import { FormMessages } from '../../../components/form-messages.tsx';
import controls from '../../../components/controls.module.css';
import styles from './forms.module.css';

/**
 * "Or continue with" and one button per offered provider. A click asks the API for a sign-in and leaves for the
 * provider's page; meanwhile that button is busy and the others wait. A refusal shows its translated message.
 */
export function SocialLoginButtons({
  providers,
  returnTo,
}: {
  providers: readonly SocialProvider[];
  returnTo: string;
}) {
  const { t } = useTranslation('passport');
  const labelId = useId();
  const [busy, setBusy] = useState<SocialProvider>();
  const [alert, setAlert] = useState('');

  // Back from the provider's page through the browser's back-forward cache: the page is as it was left, busy.
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (e.persisted) setBusy(undefined);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  if (providers.length === 0) return null;

  const start = async (provider: SocialProvider) => {
    setAlert('');
    setBusy(provider);
    try {
      window.location.assign(await startSocialLogin(provider, returnTo));
    } catch (error) {
      setAlert(errorMessage(t, error));
      setBusy(undefined);
    }
  };

  return (
    <div role="group" aria-labelledby={labelId} className={styles.social}>
      <p id={labelId} className={styles.divider}>
        {t('social.or')}
      </p>
      <FormMessages alert={alert} />
      <div className={styles.socialButtons}>
        {providers.map((provider) => {
          const name = providerNames[provider];
          const mine = busy === provider;
          return (
            <button
              key={provider}
              type="button"
              className={controls.secondary}
              aria-label={mine ? undefined : t('social.continueWith', { provider: name })}
              aria-busy={mine || undefined}
              // The busy button keeps the focus (a disabled one would drop it) but does nothing more.
              aria-disabled={mine || undefined}
              disabled={busy !== undefined && !mine}
              onClick={() => {
                if (busy === undefined) void start(provider);
              }}
            >
              {mine ? t('social.connecting', { provider: name }) : name}
            </button>
          );
        })}
      </div>
    </div>
  );
}
