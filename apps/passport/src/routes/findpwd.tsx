import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SiteLink } from '@gp/ui/site-link';
import { useState } from 'react';
import {
  MethodChoice,
  type Method,
  PhoneResetForm,
  NewPasswordForm,
  ResetRequestForm,
  EmailCodeResetForm,
  formsStyles as styles,
} from '../features/auth/index.ts';

/** Password recovery (desktop and H5): ask for a link, or - opened from the e-mail - set the new password. */
export default function Findpwd() {
  const { t } = useTranslation('passport');
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const [method, setMethod] = useState<Method>('email');
  const params = new URLSearchParams(search);
  const ticket = params.get('email_ticket');
  const email = params.get('email');
  return (
    <section className={styles.card}>
      <h1>{t('findpwd.heading')}</h1>
      {ticket && email ? (
        <NewPasswordForm
          ticket={ticket}
          email={email}
          onStartOver={() => navigate(pathname, { replace: true })}
        />
      ) : (
        <>
          <MethodChoice value={method} onChange={setMethod} />
          {method === 'email' ? (
            <>
              <ResetRequestForm />
              <div className={styles.section}>
                <EmailCodeResetForm />
              </div>
            </>
          ) : (
            <PhoneResetForm />
          )}
        </>
      )}
      <div className={styles.links}>
        <SiteLink to="/login">{t('findpwd.login')}</SiteLink>
      </div>
    </section>
  );
}
