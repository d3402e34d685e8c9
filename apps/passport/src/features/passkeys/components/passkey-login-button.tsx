import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyErrorText, passkeysSupported } from '../model/passkey-errors.ts';
import controls from '../../../components/controls.module.css';
import { FormMessages } from '../../../components/form-messages.tsx';
import styles from './passkeys.module.css';

/** The calls and WebAuthn load when the visitor asks for them, not with the login page. */
const loadCalls = () => import('../api/login-with-passkey.ts');

/** Whether the browser has WebAuthn never changes while the page is open. */
const neverChanges = () => () => {};

/**
 * "Log in with a passkey" on the login pages (desktop and H5): the device offers the passkeys it holds for this
 * site, so no account is typed. `onDone` gets where to go next. The server renders the login page's first screen
 * without knowing the browser, so the button is drawn as almost every browser has WebAuthn and taken
 * away after hydrating where it has none: drawing it only then would change the server's markup and move the page.
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
  // The server's answer (`true`) while hydrating, the browser's after.
  const supported = useSyncExternalStore(neverChanges, passkeysSupported, () => true);
  if (!supported) return null;

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
      <FormMessages alert={alert} />
      <button type="button" className={controls.secondary} onClick={() => void start()} disabled={busy}>
        {busy ? t('passkeys.login.busy') : t('passkeys.login.button')}
      </button>
    </div>
  );
}
