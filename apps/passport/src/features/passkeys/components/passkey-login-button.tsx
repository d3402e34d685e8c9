import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyErrorText, passkeysSupported } from '../model/passkey-errors.ts';
import shared from '../../../components/account-section.module.css';
import own from './passkeys.module.css';

const styles = { ...shared, ...own };

/** The calls and WebAuthn load when the visitor asks for them, not with the login page. */
const loadCalls = () => import('../api/passkeys.ts');

/**
 * "Log in with a passkey" on the login pages (desktop and H5): the device offers the passkeys it holds for this
 * site, so no account is typed. Not shown where the browser has no WebAuthn. `onDone` gets where to go next.
 */
export function PasskeyLoginButton({
  returnTo,
  onDone,
}: {
  returnTo: string;
  onDone: (next: string) => void;
}) {
  const { t } = useTranslation('passport');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  if (!passkeysSupported()) return null;

  const start = async () => {
    setAlert('');
    setBusy(true);
    try {
      const { loginWithPasskey } = await loadCalls();
      onDone(await loginWithPasskey({ gourl: returnTo }));
    } catch (error) {
      setAlert(passkeyErrorText(t, error));
      setBusy(false);
    }
  };

  return (
    <div className={styles.login}>
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      <button type="button" className={styles.button} onClick={() => void start()} disabled={busy}>
        {busy ? t('passkeys.login.busy') : t('passkeys.login.button')}
      </button>
    </div>
  );
}
