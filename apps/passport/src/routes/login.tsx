import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { carryLanguage } from '@gp/i18n';
import { HydrateLater } from '@gp/ui/hydrate-later';
import { usePageUrl, useShell } from '@gp/ui/shell-context';
import { returnTarget } from '@gp/ui/session';
import { SiteLink } from '@gp/ui/site-link';
import { socialLogin } from '../config/env.ts';
import { LoginForm, SocialLoginButtons, formsStyles as styles } from '../features/auth/index.ts';
import { useLoginDeletionNotice } from '../features/privacy/index.ts';
import { PasskeyLoginButton } from '../features/passkeys/index.ts';

/** What sign-up hands to this page in the history state: the account just created. */
export interface LoginState {
  account?: string;
}

function accountOf(state: unknown): string {
  const account = (state as LoginState | null)?.account;
  return typeof account === 'string' ? account : '';
}

/**
 * Login, desktop and H5: password form, a passkey (where the browser has WebAuthn), then the social-login
 * providers this build offers. After any of them, the visitor goes back where `redirect` / `gourl` said, if that
 * is our site. Coming from sign-up, the new account is already filled in.
 */
export default function Login() {
  const { t } = useTranslation('passport');
  const shell = useShell();
  const pageUrl = usePageUrl();
  const { search, state } = useLocation();
  const returnTo = returnTarget(search, shell.hosts, pageUrl);
  // A login during an account deletion's grace period cancels it: the page says so before moving on.
  const deletion = useLoginDeletionNotice();
  return (
    <section className={styles.card}>
      <h1>{t('login.heading')}</h1>
      {deletion.notice}
      {/* Taken over in a task of its own on a server-rendered page (hydrate-later.tsx). */}
      <HydrateLater>
        <LoginForm
          initialUser={accountOf(state)}
          returnTo={returnTo}
          onDone={(next) => void deletion.continueTo(carryLanguage(next))}
        />
      </HydrateLater>
      <PasskeyLoginButton
        returnTo={returnTo}
        onDone={(next) => void deletion.continueTo(carryLanguage(next))}
      />
      <SocialLoginButtons providers={socialLogin} returnTo={returnTo} />
      <div className={styles.links}>
        <span>
          {t('login.noAccount')} <SiteLink to={`/signup${search}`}>{t('login.signup')}</SiteLink>
        </span>
        <SiteLink to={`/findpwd${search}`}>{t('login.forgot')}</SiteLink>
      </div>
    </section>
  );
}
