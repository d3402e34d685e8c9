import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { Alert, App, Button, Divider, Flex, Typography } from 'antd';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { useStaffSession } from '../lib/staff-session.ts';
import {
  newRecoveryCodes,
  PasskeysPanel,
  RecoveryCodes,
  secondFactorDetail,
  secondFactorError,
  StepUpCancelled,
  TotpEnrolment,
  useStepUp,
} from '../features/auth/index.ts';
import { PageFrame } from '../lib/page-frame.tsx';
import layout from '../lib/layout.module.css';

export async function loader() {
  return secondFactorDetail();
}

/**
 * Sign-in security: the second factors of one's own account. Forced after the first login (and
 * after an administrator's reset): until a factor is enrolled nothing else opens. Afterwards: replace the
 * authenticator app, add and remove passkeys, make new recovery codes; each with when it was last used. Every
 * change first asks "Confirm it's you" (password and a current factor; the password alone before the first one)
 * when the server wants a step-up.
 */
export default function Security() {
  const { t, i18n } = useTranslation('admin');
  const detail = useLoaderData<typeof loader>();
  const { session, refresh } = useStaffSession();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { modal } = App.useApp();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const forced = session.second_factor === 0;
  const { guarded, dialog } = useStepUp({ totp: !!detail.totp, passkey: detail.passkeys.length > 0 });
  const when = (iso: string | null) =>
    iso ? formatDate(iso, i18n.language, { style: mediumDateTimeSeconds }) : t('secondFactor.never');

  /** A factor was added: show the recovery codes of a first one, and the session becomes a full one. */
  const added = async (recoveryCodes: string[] | null) => {
    await revalidator.revalidate();
    if (recoveryCodes) setCodes(recoveryCodes);
    else await finish();
  };
  const finish = async () => {
    setCodes(null);
    if (forced) {
      await refresh();
      void navigate('/', { replace: true });
    } else await revalidator.revalidate();
  };
  const regenerate = () =>
    void modal.confirm({
      title: t('secondFactor.recovery.newTitle'),
      content: t('secondFactor.recovery.newConfirm'),
      okText: t('secondFactor.recovery.new'),
      cancelText: t('accounts.cancel'),
      // Not awaited: the confirmation closes, and the step-up dialog (when asked for) takes its place.
      onOk: () => void regenerateNow(),
    });
  const regenerateNow = async () => {
    setError(null);
    try {
      setCodes((await guarded(newRecoveryCodes)).recovery_codes);
    } catch (e) {
      if (!(e instanceof StepUpCancelled)) setError(secondFactorError(t, e));
    }
  };

  return (
    <PageFrame title={t('secondFactor.title')} plain>
      {dialog}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => void finish()} />
      ) : (
        <Flex vertical gap={8}>
          {forced && (
            <Alert type="warning" showIcon title={t('secondFactor.forced')} className={layout.readable} />
          )}
          {error && <Alert type="error" showIcon title={error} className={layout.readable} />}
          <Typography.Title level={2} className={layout.subtitle}>
            {t('secondFactor.totp.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className={layout.flush}>
            {detail.totp
              ? `${t('secondFactor.totp.on', { when: when(detail.totp.confirmed_at) })} · ${t('secondFactor.lastUsed', { when: when(detail.totp.last_used_at) })}`
              : t('secondFactor.totp.off')}
          </Typography.Paragraph>
          <TotpEnrolment
            key={detail.totp?.confirmed_at ?? 'none'}
            replacing={!!detail.totp}
            guarded={guarded}
            onConfirmed={(recoveryCodes) => void added(recoveryCodes)}
          />
          <Divider />
          <Typography.Title level={2} className={layout.subtitle}>
            {t('secondFactor.passkey.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className={layout.flush}>
            {t('secondFactor.passkey.intro')}
          </Typography.Paragraph>
          <PasskeysPanel
            passkeys={detail.passkeys}
            guarded={guarded}
            onAdded={(recoveryCodes) => void added(recoveryCodes)}
            onChanged={() => void revalidator.revalidate()}
          />
          {!forced && (
            <>
              <Divider />
              <Typography.Title level={2} className={layout.subtitle}>
                {t('secondFactor.recovery.title')}
              </Typography.Title>
              <Typography.Paragraph type="secondary" className={layout.flush}>
                {t('secondFactor.recovery.left', { count: detail.recovery_codes_left })}
              </Typography.Paragraph>
              <Button onClick={regenerate} className={layout.selfStart}>
                {t('secondFactor.recovery.new')}
              </Button>
            </>
          )}
        </Flex>
      )}
    </PageFrame>
  );
}
