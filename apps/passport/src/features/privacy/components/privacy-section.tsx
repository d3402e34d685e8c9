import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacyStatusData } from '@gp/contracts/privacy';
import { formatDate } from '@gp/i18n/format';
import { SiteLink } from '@gp/ui/site-link';
import { privacyCalls } from '../api/privacy.calls.ts';
import { privacyErrorText } from '../model/error-text.ts';
import { exportFileName, saveJsonFile } from '../model/save-json-file.ts';
import section from '../../../components/account-section.module.css';
import controls from '../../../components/controls.module.css';
import { FormMessages } from '../../../components/form-messages.tsx';
import { SectionForm } from '../../../components/section-form.tsx';
import { SectionInput } from '../../../components/section-input.tsx';

const styles = { ...controls, ...section };

export interface PrivacySectionProps {
  /** Seals the password as the login does (the route hands in the auth feature's sealing). */
  sealPassword: (password: string) => Promise<string>;
}

/**
 * The account page's privacy rights (PDPA): download my data (a JSON file), and delete my account after a
 * confirmation with the password; the deletion waits out a grace period in which logging in cancels it. A
 * deletion that a login cancelled is said here too.
 */
export function PrivacySection({ sealPassword }: PrivacySectionProps) {
  const { t, i18n } = useTranslation('passport');
  const headingId = useId();
  const [status, setStatus] = useState<PrivacyStatusData>();
  const [downloading, setDownloading] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const [alert, setAlert] = useState('');
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    let live = true;
    privacyCalls
      .status({})
      .then((answer) => live && setStatus(answer))
      // Without the status the page still offers both rights; only the notice is missing.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const date = (iso: string | null | undefined) => formatDate(iso, i18n.language);

  const download = async () => {
    setAlert('');
    setDownloaded(false);
    setDownloading(true);
    try {
      const data = await privacyCalls.myData({});
      saveJsonFile(exportFileName(data.generated_at), data);
      setDownloaded(true);
    } catch (error) {
      setAlert(privacyErrorText(t, error));
    }
    setDownloading(false);
  };

  const deletion = status?.deletion;
  if (deletion?.state === 'pending') {
    return (
      <section className={styles.section} aria-labelledby={headingId}>
        <h2 id={headingId}>{t('privacy.heading')}</h2>
        <p role="status" className={styles.notice}>
          {t('privacy.requested', { date: date(deletion.erase_after) })}
        </p>
        <SiteLink to="/login">{t('privacy.login')}</SiteLink>
      </section>
    );
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('privacy.heading')}</h2>
      <p className={styles.text}>{t('privacy.intro')}</p>
      {deletion?.state === 'cancelled' && (
        <p className={styles.notice}>
          {deletion.cancel_reason === 'login'
            ? t('privacy.cancelledByLogin', {
                requested: date(deletion.requested_at),
                cancelled: date(deletion.cancelled_at),
              })
            : t('privacy.cancelledByStaff', { requested: date(deletion.requested_at) })}
        </p>
      )}
      <FormMessages alert={alert} notice={downloaded ? t('privacy.downloaded') : ''} />
      <div className={styles.field}>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => void download()}
            disabled={downloading}
          >
            {downloading ? t('privacy.downloading') : t('privacy.download')}
          </button>
        </div>
        <p className={styles.hint}>{t('privacy.downloadHint')}</p>
      </div>
      {confirming ? (
        <DeleteForm
          graceDays={status?.grace_days}
          sealPassword={sealPassword}
          onCancel={() => setConfirming(false)}
          onRequested={setStatus}
        />
      ) : (
        <div className={styles.actions}>
          <button type="button" className={styles.danger} onClick={() => setConfirming(true)}>
            {t('privacy.delete')}
          </button>
        </div>
      )}
    </section>
  );
}

function DeleteForm({
  graceDays,
  sealPassword,
  onCancel,
  onRequested,
}: {
  graceDays: number | undefined;
  sealPassword: (password: string) => Promise<string>;
  onCancel: () => void;
  onRequested: (status: PrivacyStatusData) => void;
}) {
  const { t } = useTranslation('passport');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    if (!password) {
      setError(t('validation.required'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      onRequested(await privacyCalls.requestDeletion({ pwd: await sealPassword(password) }));
    } catch (failure) {
      setAlert(privacyErrorText(t, failure));
      setBusy(false);
    }
  };

  return (
    <SectionForm
      heading={t('privacy.deleteHeading')}
      danger
      busy={busy}
      onSubmit={(e) => void submit(e)}
      submitLabel={busy ? t('privacy.deleting') : t('privacy.confirmDelete')}
      cancelLabel={t('privacy.keep')}
      onCancel={onCancel}
    >
      <p className={styles.text}>{t('privacy.deleteExplain', { days: graceDays ?? 14 })}</p>
      <FormMessages alert={alert} />
      <SectionInput label={t('privacy.password')} error={error} value={password} onChange={setPassword} />
    </SectionForm>
  );
}
