import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useLoaderData } from 'react-router';
import { isAccountUser, type UserInfo } from '@gp/contracts/passport';
import { carryLanguage } from '@gp/i18n';
import { currentUser } from '@gp/ui/session';
import { hosts } from '../config/env.ts';
import { api } from '../lib/api-client.ts';
import {
  BindEmailForm,
  BindPhoneForm,
  ChangePasswordForm,
  ChangePasswordByCodeForm,
  sealPasswords,
  formsStyles as styles,
} from '../features/auth/index.ts';
import { SessionsSection } from '../features/account-security/index.ts';
import { PrivacySection } from '../features/privacy/index.ts';
import { PasskeysSection, usePasskeyProof } from '../features/passkeys/index.ts';

/** Account settings are for account-type members; third-party members are sent home (spec 4). */
export async function loader() {
  const user = await currentUser(api);
  if (!user || !isAccountUser(user)) return redirect(carryLanguage(`${hosts.apps.portal}/`));
  return user;
}

export default function Account() {
  const { t } = useTranslation('passport');
  const [user, setUser] = useState(useLoaderData<UserInfo>());
  // A contact change may be confirmed with a passkey instead of the password, once the member has one.
  const [passkeyCount, setPasskeyCount] = useState(0);
  const passkeyProof = usePasskeyProof(passkeyCount > 0);
  const sealPassword = async (password: string) => (await sealPasswords(password))[0]!;
  return (
    <section className={styles.card}>
      <h1>{t('account.heading')}</h1>
      <h2>{t('account.profile')}</h2>
      <dl className={styles.details}>
        <dt>{t('account.nickname')}</dt>
        <dd>{user.nickName}</dd>
        <dt>{t('account.email')}</dt>
        <dd>{user.bind_email ?? t('account.notBound')}</dd>
        <dt>{t('account.phone')}</dt>
        <dd>{user.bind_tel ?? t('account.notBound')}</dd>
      </dl>
      <ChangePasswordForm />
      <div className={styles.section}>
        <ChangePasswordByCodeForm hasEmail={!!user.bind_email} hasPhone={!!user.bind_tel} />
      </div>
      <div className={styles.section}>
        <BindEmailForm hasEmail={!!user.bind_email} onBound={setUser} passkeyProof={passkeyProof} />
      </div>
      <div className={styles.section}>
        <BindPhoneForm
          key={user.bind_tel ?? 'none'}
          hasPhone={!!user.bind_tel}
          onBound={setUser}
          passkeyProof={passkeyProof}
        />
      </div>
      <PasskeysSection sealPassword={sealPassword} onCount={setPasskeyCount} />
      <SessionsSection />
      <PrivacySection sealPassword={sealPassword} />
    </section>
  );
}
