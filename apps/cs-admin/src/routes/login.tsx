import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Card, Flex, Typography } from 'antd';
import { LanguageSelect } from '../app/language-select.tsx';
import type { StaffSecondStepData, StaffSessionData } from '@gp/contracts/staff';
import { ensureSession, requiredPath, safeRedirect, setSession } from '../lib/staff-session.ts';
import { LoginForm, SecondStepForm } from '../features/auth/index.ts';
import layout from '../lib/layout.module.css';
import styles from './login.module.css';

/** Someone already signed in goes on to where they were headed (or to the password change first). */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await ensureSession();
  if (!session) return null;
  const required = requiredPath(session);
  if (required) return redirect(required);
  return redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
}

/**
 * Staff login: password (and picture code), then the second step for an account that has a second factor;
 * afterwards to `redirect` (same-origin paths only) or home; a one-time password to its change, an account
 * without a second factor to enrolment.
 */
export default function Login() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [secondStep, setSecondStep] = useState<StaffSecondStepData | null>(null);
  const loggedIn = (session: StaffSessionData) => {
    setSession(session);
    void navigate(requiredPath(session) ?? safeRedirect(params.get('redirect')), { replace: true });
  };
  return (
    <Flex vertical className={styles.screen}>
      <Flex component="header" justify="space-between" align="center" className={styles.header}>
        <Typography.Text strong>
          {t('common:site.name')} · {t('console.title')}
        </Typography.Text>
        <LanguageSelect />
      </Flex>
      <Flex component="main" justify="center" align="flex-start" className={styles.main}>
        <Card className={styles.card}>
          <Typography.Title level={1} className={`${layout.pageTitle} ${layout.flushTop}`}>
            {t('login.title')}
          </Typography.Title>
          {secondStep ? (
            <SecondStepForm step={secondStep} onLoggedIn={loggedIn} onRestart={() => setSecondStep(null)} />
          ) : (
            <LoginForm onLoggedIn={loggedIn} onSecondStep={setSecondStep} />
          )}
        </Card>
      </Flex>
    </Flex>
  );
}
