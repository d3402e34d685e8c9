import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberSessionData } from '@gp/contracts/passport';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';
import { dateTime, formatDate } from '@gp/i18n/format';
import { accountSecurityCalls as calls } from '../api/account-security.calls.ts';
import shared from '../../../components/account-section.module.css';
import controls from '../../../components/controls.module.css';
import { FormMessages } from '../../../components/form-messages.tsx';
import own from './sessions-section.module.css';

/** The app's controls and the account page's section look, with this section's own badge. */
const styles = { ...controls, ...shared, ...own };

/**
 * "Where you're logged in": the member's live sessions with the browser, a masked network
 * address (there is no GeoIP database to name a country) and when each was last used; each other one can be
 * signed out, or all of them at once.
 */
export function SessionsSection() {
  const { t, i18n } = useTranslation('passport');
  const [sessions, setSessions] = useState<MemberSessionData[] | null>(null);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const failed = useCallback(
    (error: unknown) =>
      setAlert(
        error instanceof ApiError ? errorText(t, error.domain, error.code) : t('errors:common.network'),
      ),
    [t],
  );
  const load = useCallback(
    () =>
      calls.sessions({}).then(
        ({ list }) => setSessions(list),
        (error: unknown) => failed(error),
      ),
    [failed],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const deviceOf = (s: MemberSessionData) =>
    t('accountSecurity.device', {
      browser: s.browser ?? t('accountSecurity.unknownBrowser'),
      os: s.os ?? t('accountSecurity.unknownSystem'),
    });

  const act = async (work: () => Promise<unknown>, done: string) => {
    setAlert('');
    setNotice('');
    setBusy(true);
    try {
      await work();
      setNotice(done);
      await load();
    } catch (error) {
      failed(error);
    }
    setBusy(false);
  };

  const others = sessions?.filter((s) => !s.current) ?? [];
  return (
    <section className={styles.section} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t('accountSecurity.sessionsHeading')}</h2>
      <p className={styles.hint}>{t('accountSecurity.sessionsIntro')}</p>
      <FormMessages alert={alert} notice={notice} />
      {sessions === null ? (
        !alert && <p className={styles.hint}>{t('accountSecurity.loading')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('accountSecurity.sessionsHeading')}>
          {sessions.map((s) => (
            <li key={s.id} className={styles.item}>
              <div className={styles.about}>
                <p className={styles.name}>
                  {deviceOf(s)}
                  {s.current && <span className={styles.badge}>{t('accountSecurity.thisDevice')}</span>}
                </p>
                <p className={styles.meta}>
                  {t('accountSecurity.network', {
                    address: s.ip_masked ?? t('accountSecurity.unknownNetwork'),
                  })}
                </p>
                <p className={styles.meta}>
                  {t('accountSecurity.lastSeen', {
                    time: formatDate(s.last_seen, i18n.language, { style: dateTime }),
                  })}
                </p>
              </div>
              {!s.current && (
                <button
                  type="button"
                  className={styles.secondary}
                  disabled={busy}
                  aria-label={t('accountSecurity.signOutDevice', { device: deviceOf(s) })}
                  onClick={() =>
                    void act(() => calls.endSession({ id: s.id }), t('accountSecurity.signedOut'))
                  }
                >
                  {t('accountSecurity.signOut')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions !== null &&
        (others.length > 0 ? (
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void act(() => calls.endOtherSessions({}), t('accountSecurity.signedOutOthers'))}
          >
            {t('accountSecurity.signOutOthers')}
          </button>
        ) : (
          <p className={styles.hint}>{t('accountSecurity.noOthers')}</p>
        ))}
    </section>
  );
}
