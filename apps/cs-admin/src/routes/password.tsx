import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert, App } from 'antd';
import { setSession, useStaffSession } from '../lib/staff-session.ts';
import { PasswordForm } from '../features/auth/index.ts';
import { PageFrame } from '../lib/page-frame.tsx';
import layout from '../lib/layout.module.css';

/**
 * The password change: forced while the password is a one-time password (nothing else opens until then), and
 * reachable from the header for anyone. Other sessions of the account end; this one stays.
 */
export default function Password() {
  const { t } = useTranslation('admin');
  const { session } = useStaffSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const forced = session.must_change_password === 1;
  return (
    <PageFrame title={t('password.title')} plain>
      {forced && (
        <Alert
          type="warning"
          showIcon
          title={t('password.forced')}
          className={`${layout.gapBelowLarge} ${layout.readable}`}
        />
      )}
      <PasswordForm
        onChanged={(next) => {
          setSession(next);
          void message.success(t('password.changed'));
          void navigate('/', { replace: true });
        }}
      />
    </PageFrame>
  );
}
