import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { privacyCalls } from '../api/privacy.calls.ts';
import controls from '../../../components/controls.module.css';
import styles from './privacy.module.css';

/**
 * The login page's word on a cancelled deletion: after a login, `continueTo(next)` asks whether this login has
 * just cancelled the member's account deletion; if so the page shows `notice` (with a link on to `next`) instead
 * of moving on at once, otherwise it goes to `next` straight away.
 */
export function useLoginDeletionNotice(): { notice: ReactNode; continueTo: (next: string) => Promise<void> } {
  const { t } = useTranslation('passport');
  const [next, setNext] = useState<string>();

  const continueTo = async (target: string) => {
    const status = await privacyCalls.status({}).catch(() => undefined);
    if (status?.just_cancelled_by_login === 1) setNext(target);
    else window.location.assign(target);
  };

  const notice = next ? (
    <div className={styles.loginNotice} role="status">
      <p className={controls.notice}>{t('privacy.loginNotice')}</p>
      <a href={next}>{t('privacy.continue')}</a>
    </div>
  ) : null;
  return { notice, continueTo };
}
