import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@gp/i18n/format';
import type { MemberPasskeyData } from '@gp/contracts/passkeys';
import type { WebAuthnAnswer } from '@gp/contracts/webauthn';
import { addPasskey } from '../api/add-passkey.ts';
import { passkeysCalls } from '../api/passkeys.calls.ts';
import { provePasskey } from '../api/prove-passkey.ts';
import { passkeyErrorText, passkeysSupported } from '../model/passkey-errors.ts';
import section from '../../../components/account-section.module.css';
import controls from '../../../components/controls.module.css';
import { FormMessages } from '../../../components/form-messages.tsx';
import { SectionForm } from '../../../components/section-form.tsx';
import { SectionInput } from '../../../components/section-input.tsx';

const styles = { ...controls, ...section };

export interface PasskeysSectionProps {
  /** Seals the password as the login does (the route hands in the auth feature's sealing). */
  sealPassword: (password: string) => Promise<string>;
  /** Told how many passkeys the member has, whenever the list changes (the route offers them as a proof). */
  onCount?: (count: number) => void;
}

/**
 * The account page's passkeys: the member's passkeys with their names and when each was added
 * and last used; adding one (with the current password) and removing one (with the password or a passkey),
 * after a confirmation. Where the browser has no WebAuthn, the list stays but nothing can be added.
 */
export function PasskeysSection({ sealPassword, onCount }: PasskeysSectionProps) {
  const { t } = useTranslation('passport');
  const headingId = useId();
  const [passkeys, setPasskeys] = useState<MemberPasskeyData[] | null>(null);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<MemberPasskeyData | null>(null);
  const supported = passkeysSupported();

  const load = useCallback(
    () =>
      passkeysCalls.list({}).then(
        ({ list }) => {
          setPasskeys(list);
          onCount?.(list.length);
        },
        (error: unknown) => setAlert(passkeyErrorText(t, error)),
      ),
    [onCount, t],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const done = async (message: string) => {
    setAdding(false);
    setRemoving(null);
    setAlert('');
    setNotice(message);
    await load();
  };

  return (
    <section id="passkeys" className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('passkeys.heading')}</h2>
      <p className={styles.hint}>{t('passkeys.intro')}</p>
      {!supported && <p className={styles.hint}>{t('passkeys.unsupported')}</p>}
      <FormMessages alert={alert} notice={notice} />
      {passkeys === null ? (
        !alert && <p className={styles.hint}>{t('passkeys.loading')}</p>
      ) : passkeys.length === 0 ? (
        <p className={styles.hint}>{t('passkeys.none')}</p>
      ) : (
        <PasskeyList
          passkeys={passkeys}
          onRemove={(p) => {
            setNotice('');
            setAdding(false);
            setRemoving(p);
          }}
        />
      )}
      {removing && (
        <RemoveForm
          passkey={removing}
          canUsePasskey={supported}
          sealPassword={sealPassword}
          onCancel={() => setRemoving(null)}
          onRemoved={() => void done(t('passkeys.removed', { name: removing.name }))}
        />
      )}
      {supported &&
        (adding ? (
          <AddForm
            sealPassword={sealPassword}
            onCancel={() => setAdding(false)}
            onAdded={(p) => void done(t('passkeys.added', { name: p.name }))}
          />
        ) : (
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                setNotice('');
                setRemoving(null);
                setAdding(true);
              }}
            >
              {t('passkeys.add')}
            </button>
          </div>
        ))}
    </section>
  );
}

function PasskeyList({
  passkeys,
  onRemove,
}: {
  passkeys: MemberPasskeyData[];
  onRemove: (passkey: MemberPasskeyData) => void;
}) {
  const { t, i18n } = useTranslation('passport');
  const date = (iso: string) => formatDate(iso, i18n.language);
  return (
    <ul className={styles.list} aria-label={t('passkeys.listLabel')}>
      {passkeys.map((p) => (
        <li key={p.id} className={styles.item}>
          <div className={styles.about}>
            <p className={styles.name}>{p.name}</p>
            <p className={styles.meta}>{t('passkeys.addedOn', { date: date(p.created_at) })}</p>
            <p className={styles.meta}>
              {p.last_used_at
                ? t('passkeys.lastUsed', { date: date(p.last_used_at) })
                : t('passkeys.neverUsed')}
            </p>
          </div>
          <button
            type="button"
            className={styles.secondary}
            aria-label={t('passkeys.removeOf', { name: p.name })}
            onClick={() => onRemove(p)}
          >
            {t('passkeys.remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}

function AddForm({
  sealPassword,
  onCancel,
  onAdded,
}: {
  sealPassword: (password: string) => Promise<string>;
  onCancel: () => void;
  onAdded: (passkey: MemberPasskeyData) => void;
}) {
  const { t } = useTranslation('passport');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert('');
    const found = {
      ...(name.trim() ? {} : { name: t('validation.required') }),
      ...(password ? {} : { password: t('validation.required') }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onAdded(await addPasskey(name.trim(), await sealPassword(password)));
    } catch (error) {
      setAlert(passkeyErrorText(t, error));
      setBusy(false);
    }
  };

  return (
    <SectionForm
      heading={t('passkeys.addHeading')}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      submitLabel={busy ? t('passkeys.adding') : t('passkeys.confirmAdd')}
      cancelLabel={t('passkeys.cancel')}
      onCancel={onCancel}
    >
      <FormMessages alert={alert} />
      <p className={styles.hint}>{t('passkeys.addExplain')}</p>
      <SectionInput
        label={t('passkeys.name')}
        error={errors.name}
        type="text"
        autoComplete="off"
        maxLength={40}
        value={name}
        onChange={setName}
      />
      <SectionInput
        label={t('passkeys.password')}
        error={errors.password}
        value={password}
        onChange={setPassword}
      />
    </SectionForm>
  );
}

function RemoveForm({
  passkey,
  canUsePasskey,
  sealPassword,
  onCancel,
  onRemoved,
}: {
  passkey: MemberPasskeyData;
  canUsePasskey: boolean;
  sealPassword: (password: string) => Promise<string>;
  onCancel: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('passport');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  const remove = async (proof: () => Promise<{ pwd: string } | { passkey: WebAuthnAnswer }>) => {
    setAlert('');
    setBusy(true);
    try {
      await passkeysCalls.remove({ id: passkey.id, ...(await proof()) });
      onRemoved();
    } catch (failure) {
      setAlert(passkeyErrorText(t, failure));
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(t('validation.required'));
      return;
    }
    setError('');
    void remove(async () => ({ pwd: await sealPassword(password) }));
  };

  return (
    <SectionForm
      heading={t('passkeys.removeHeading', { name: passkey.name })}
      danger
      busy={busy}
      onSubmit={submit}
      submitLabel={busy ? t('passkeys.removing') : t('passkeys.confirmRemove')}
      more={
        canUsePasskey && (
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void remove(async () => ({ passkey: await provePasskey() }))}
          >
            {t('passkeys.removeWithPasskey')}
          </button>
        )
      }
      cancelLabel={t('passkeys.cancel')}
      onCancel={onCancel}
    >
      <FormMessages alert={alert} />
      <p className={styles.hint}>{t('passkeys.removeExplain')}</p>
      <SectionInput label={t('passkeys.password')} error={error} value={password} onChange={setPassword} />
    </SectionForm>
  );
}
