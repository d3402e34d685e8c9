import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { safeRedirect } from '@gp/config/navigation-rules';
import { providerOfChannel } from '@gp/contracts/passport';
import { carryLanguage } from '@gp/i18n';
import { useShell } from '@gp/ui/shell-context';
import { SiteLink } from '@gp/ui/site-link';
import {
  errorMessage,
  clearPendingSocialLogin,
  readPendingSocialLogin,
  type PendingSocialLogin,
  finishSocialLogin,
  providerNames,
  formsStyles as styles,
} from '../features/auth/index.ts';
import { FormMessages } from '../components/form-messages.tsx';

type Outcome =
  | { kind: 'working'; pending: PendingSocialLogin }
  | { kind: 'cancelled' | 'expired'; gourl?: string }
  | { kind: 'refused'; gourl?: string; channel?: number }
  | { kind: 'failed'; error: unknown; gourl: string };

/** The player said no at the provider (OAuth's `access_denied`, Apple's own code). */
const cancelErrors = new Set(['access_denied', 'user_cancelled_authorize']);

/** What the return URL and this tab's stored sign-in allow, before any call. */
function firstOutcome(search: string): Outcome {
  const params = new URLSearchParams(search);
  const pending = readPendingSocialLogin();
  const error = params.get('error');
  if (error !== null) {
    if (cancelErrors.has(error)) return { kind: 'cancelled', gourl: pending?.gourl };
    // Our API's answer to an Apple POST for a round trip it no longer knows (spent, expired, never started).
    if (error === 'invalid_state') return { kind: 'expired', gourl: pending?.gourl };
    return { kind: 'refused', gourl: pending?.gourl, channel: pending?.channel_type };
  }
  if (!pending || params.get('state') !== pending.oauth_token)
    return { kind: 'expired', gourl: pending?.gourl };
  return { kind: 'working', pending };
}

/**
 * `/apple_return_url`, the return point of social login (no site chrome; the shell gives it its `main`). The
 * provider's answer is checked against the sign-in this tab started, traded for an access key, the member
 * signed in, and the page replaced by where the login was meant to lead. Every failure is explained, with a way
 * back to the login page.
 */
export default function AppleReturn() {
  const { t } = useTranslation('passport');
  const shell = useShell();
  const { search } = useLocation();
  const [outcome, setOutcome] = useState(() => firstOutcome(search));
  // The calls spend single-use tokens: run them once, even when StrictMode runs effects twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (outcome.kind !== 'working') {
      clearPendingSocialLogin();
      return;
    }
    const { pending } = outcome;
    finishSocialLogin(pending, search).then(
      (gourl) => {
        clearPendingSocialLogin();
        // The API checked `gourl`; checking again costs nothing and keeps the allow-list in one rule.
        const origins = Object.values(shell.hosts.apps);
        const home = `${shell.hosts.apps.portal}/`;
        window.location.replace(carryLanguage(safeRedirect(gourl, origins, window.location.href, home)));
      },
      (error: unknown) => {
        clearPendingSocialLogin();
        setOutcome({ kind: 'failed', error, gourl: pending.gourl });
      },
    );
  }, [outcome, search, shell.hosts]);

  let message = '';
  if (outcome.kind === 'cancelled') message = t('social.cancelled');
  else if (outcome.kind === 'expired') message = t('social.expired');
  else if (outcome.kind === 'refused') {
    const provider = outcome.channel === undefined ? undefined : providerOfChannel(outcome.channel);
    message = provider
      ? t('socialProviders.refused', { provider: providerNames[provider] })
      : t('social.cancelled');
  } else if (outcome.kind === 'failed') message = errorMessage(t, outcome.error);
  const gourl = outcome.kind === 'working' ? outcome.pending.gourl : outcome.gourl;
  const loginLink = gourl ? `/login?redirect=${encodeURIComponent(gourl)}` : '/login';

  return (
    <div className={styles.standalone}>
      <section className={styles.card}>
        <h1>{t('common:routes.appleReturn')}</h1>
        {outcome.kind === 'working' ? (
          <p role="status">{t('social.working')}</p>
        ) : (
          <>
            <FormMessages alert={message} />
            <p className={styles.actions}>
              <SiteLink to={loginLink}>{t('social.backToLogin')}</SiteLink>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
