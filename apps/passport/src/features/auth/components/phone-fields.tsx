import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@gp/contracts/passport';
import { errorMessage } from '../model/error-message.ts';
import { authCalls } from '../api/auth.calls.ts';
import { Field } from '../../../components/field.tsx';
import controls from '../../../components/controls.module.css';

/** Country (calling code, names in the page language from the server) and the national number. */
export function PhoneFields({
  cid,
  tel,
  onChange,
  error,
}: {
  cid: number;
  tel: string;
  onChange: (next: { cid: number; tel: string }) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('passport');
  const id = useId();
  const [countries, setCountries] = useState<Country[]>([]);
  const [loadError, setLoadError] = useState('');
  useEffect(() => {
    let live = true;
    authCalls.countries({}).then(
      (list) => live && setCountries(list),
      (e: unknown) => live && setLoadError(errorMessage(t, e)),
    );
    return () => {
      live = false;
    };
  }, [t]);
  return (
    <>
      <div className={controls.field}>
        <label htmlFor={id} className={controls.label}>
          {t('phone.country')}
        </label>
        <select
          id={id}
          className={controls.input}
          value={cid}
          onChange={(e) => onChange({ cid: Number(e.target.value), tel })}
        >
          {countries.length === 0 && <option value={cid}>+{cid}</option>}
          {countries.map((c) => (
            <option key={c.code} value={c.cid}>
              {c.name} (+{c.cid})
            </option>
          ))}
        </select>
        {loadError && <p className={controls.error}>{loadError}</p>}
      </div>
      <Field
        label={t('phone.number')}
        hint={t('phone.numberHint')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={15}
        required
        value={tel}
        onChange={(e) => onChange({ cid, tel: e.target.value.replace(/[^\d]/g, '') })}
        error={error}
      />
    </>
  );
}
