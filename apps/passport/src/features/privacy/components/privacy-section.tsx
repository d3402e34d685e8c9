import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import type { PrivacyProofMethods, PrivacyStatusData } from '@gp/contracts/privacy';
import { codes } from '@gp/errors';
import { formatDate } from '@gp/i18n/format';
import { SiteLink } from '@gp/ui/site-link';
import { privacyCalls } from '../api/privacy.calls.ts';
import { privacyErrorText } from '../model/error-text.ts';
import { exportFileName, saveJsonFile } from '../model/save-json-file.ts';
import section from '../../../components/account-section.module.css';
import controls from '../../../components/controls.module.css';
import { FormMessages } from '../../../components/form-messages.tsx';
import { SectionForm } from '../../../components/section-form.tsx';
import { emptyProof, OwnerProofFields, proofOf, type ProofInput } from './owner-proof-fields.tsx';

const styles = { ...controls, ...section };

export interface PrivacySectionProps {
  /** Seals the password as the login does (the route hands in the auth feature's sealing). */
  sealPassword: (password: string) => Promise<string>;
}

/**
 * The account page's privacy rights (PDPA): download my data (a JSON file) and delete my account, each after the
 * member proves it is them (the password; a code e-mailed to a social-login member: `OwnerProofFields`) - the
 * download asks only when the server does (-741: no proof on this session in the last few minutes). The
 * deletion waits out a grace period in which logging in cancels it. A deletion that a login cancelled is said
 * here too.
 */
export function PrivacySection({ sealPassword }: PrivacySectionProps) {
  const { t, i18n } = useTranslation('passport');
  const headingId = useId();
  const [status, setStatus] = useState<PrivacyStatusData>();
  const [downloading, setDownloading] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const [alert, setAlert] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [provingForDownload, setProvingForDownload] = useState(false);

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
      if (error instanceof ApiError && error.code === codes.passportConfirmAgain) setProvingForDownload(true);
      else setAlert(privacyErrorText(t, error));
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
      {provingForDownload ? (
        <ConfirmForm
          methods={status?.proof}
          sealPassword={sealPassword}
          onCancel={() => setProvingForDownload(false)}
          onConfirmed={() => {
            setProvingForDownload(false);
            void download();
          }}
        />
      ) : (
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
      )}
      {confirming ? (
        <DeleteForm
          graceDays={status?.grace_days}
          methods={status?.proof}
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

/** The proof's state and submit, shared by the deletion and the download's confirmation. */
function useProofForm(
  methods: PrivacyProofMethods | undefined,
  sealPassword: (password: string) => Promise<string>,
  send: (proof: { pwd?: string; code?: string }) => Promise<void>,
) {
  const { t } = useTranslation('passport');
  const [value, setValue] = useState<ProofInput>(emptyProof);
  const [error, setError] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    const proof = await proofOf(methods, value, sealPassword);
    if (!proof) {
      setError(t('validation.required'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      await send(proof);
    } catch (failure) {
      setAlert(privacyErrorText(t, failure));
      setBusy(false);
    }
  };
  return { value, setValue, error, alert, busy, submit };
}

function ConfirmForm({
  methods,
  sealPassword,
  onCancel,
  onConfirmed,
}: {
  methods: PrivacyProofMethods | undefined;
  sealPassword: (password: string) => Promise<string>;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation('passport');
  const form = useProofForm(methods, sealPassword, async (proof) => {
    await privacyCalls.confirm(proof);
    onConfirmed();
  });
  return (
    <SectionForm
      heading={t('privacy.confirmHeading')}
      busy={form.busy}
      onSubmit={(e) => void form.submit(e)}
      submitLabel={form.busy ? t('privacy.confirming') : t('privacy.confirmDownload')}
      cancelLabel={t('privacy.notNow')}
      onCancel={onCancel}
    >
      <p className={styles.text}>{t('privacy.confirmExplain')}</p>
      <FormMessages alert={form.alert} />
      <OwnerProofFields methods={methods} value={form.value} error={form.error} onChange={form.setValue} />
    </SectionForm>
  );
}

function DeleteForm({
  graceDays,
  methods,
  sealPassword,
  onCancel,
  onRequested,
}: {
  graceDays: number | undefined;
  methods: PrivacyProofMethods | undefined;
  sealPassword: (password: string) => Promise<string>;
  onCancel: () => void;
  onRequested: (status: PrivacyStatusData) => void;
}) {
  const { t } = useTranslation('passport');
  const { value, setValue, error, alert, busy, submit } = useProofForm(methods, sealPassword, async (proof) =>
    onRequested(await privacyCalls.requestDeletion(proof)),
  );

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
      <OwnerProofFields methods={methods} value={value} error={error} onChange={setValue} />
    </SectionForm>
  );
}
