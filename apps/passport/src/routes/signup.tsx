import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useShell } from '@gp/ui/shell-context';
import { siteHref, SiteLink } from '@gp/ui/site-link';
import {
  MethodChoice,
  type Method,
  SignupForm,
  type Registered,
  formsStyles as styles,
} from '../features/auth/index.ts';
import controls from '../components/controls.module.css';
import type { LoginState } from './login.tsx';

const countdownSeconds = 5;

/**
 * Registration; success shows a countdown and goes to login, keeping where the visitor wanted to go (spec 4), with
 * the new account already in the login form. The account travels in the router's history state: both
 * pages are on this host, and the address never holds it.
 */
export default function Signup() {
  const { t } = useTranslation('passport');
  const { search } = useLocation();
  const navigate = useNavigate();
  const shell = useShell();
  const [done, setDone] = useState<Registered | null>(null);
  const [method, setMethod] = useState<Method>('email');
  const [left, setLeft] = useState(countdownSeconds);
  const loginPath = siteHref(`/login${search}`, shell).href;
  const loginState: LoginState | undefined = done ? { account: done.account } : undefined;

  useEffect(() => {
    if (done === null) return;
    if (left <= 0) {
      navigate(loginPath, { state: { account: done.account } satisfies LoginState });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [done, left, loginPath, navigate]);

  return (
    <section className={styles.card}>
      <h1>{t('signup.heading')}</h1>
      {done === null ? (
        <>
          <MethodChoice value={method} onChange={setMethod} />
          <SignupForm key={method} method={method} onRegistered={setDone} />
          <div className={styles.links}>
            <span>
              {t('signup.haveAccount')} <SiteLink to={`/login${search}`}>{t('signup.login')}</SiteLink>
            </span>
          </div>
        </>
      ) : (
        <div className={styles.form} role="status">
          <p className={controls.notice}>{t('signup.done', { name: done.nickName })}</p>
          <p>{t('signup.redirecting', { seconds: left })}</p>
          <SiteLink to={`/login${search}`} state={loginState} className={controls.primary}>
            {t('signup.goNow')}
          </SiteLink>
        </div>
      )}
    </section>
  );
}
