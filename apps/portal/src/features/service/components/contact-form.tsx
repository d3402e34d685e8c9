/**
 * Contact details (`/service/info`): the nickname (read-only, from the account), name, gender (prefer not to say
 * / male / female), phone, e-mail and address. Checked with `contactFormSchema`; the server's codes name the
 * field they are about (-702/-703 name, -704 phone, -705 e-mail, -706 address) and show there, translated in the
 * service domain.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import { contactFormSchema, sexNames, type ContactInfoData, type Sex } from '@gp/contracts/cs';
import { errorMessage, serviceCode } from '../model/error-message.ts';
import { saveContactInfo } from '../api/save-contact-info.ts';
import { fieldErrorsOf, firstError, type FieldErrors, type FieldMessages } from '../model/field-errors.ts';
import { focusById, FormMessages, TextField } from './fields.tsx';
import styles from './form.module.css';

type Field = 'contacts' | 'sex' | 'mobile' | 'email' | 'address';
const order: Field[] = ['contacts', 'sex', 'mobile', 'email', 'address'];
const messages: Record<Field, FieldMessages> = {
  contacts: { required: 'errors.contactNameRequired', invalid: 'errors.contactName' },
  sex: { invalid: 'errors.sex' },
  mobile: { invalid: 'errors.phone' },
  email: { invalid: 'errors.email' },
  address: { invalid: 'errors.address' },
};

/** The contact-save codes (spec 8, service domain) and the field each is about. */
const fieldOfCode: Partial<Record<number, Field>> = {
  [-702]: 'contacts',
  [-703]: 'contacts',
  [-704]: 'mobile',
  [-705]: 'email',
  [-706]: 'address',
};

const sexes = [0, 1, 2] as const satisfies readonly Sex[];

/** The optional text fields, in their order, with what each input takes besides its value. */
const optionalFields = [
  {
    field: 'mobile',
    label: 'info.phone',
    hint: 'info.phoneHint',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    maxLength: 30,
  },
  {
    field: 'email',
    label: 'info.email',
    hint: undefined,
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    maxLength: 254,
  },
  {
    field: 'address',
    label: 'info.address',
    hint: 'info.addressHint',
    autoComplete: 'street-address',
    maxLength: 50,
  },
] as const;

export function ContactForm({ info }: { info: ContactInfoData }) {
  const { t } = useTranslation('service');
  // The session ended while the page was open: to the login, back here afterwards.
  const { guard } = useLoginRedirect();
  const base = useId();
  const ids: Record<Field, string> = {
    contacts: `${base}-name`,
    sex: `${base}-sex-${info.sex}`,
    mobile: `${base}-mobile`,
    email: `${base}-email`,
    address: `${base}-address`,
  };
  const [values, setValues] = useState({
    contacts: info.contacts,
    sex: info.sex as Sex,
    mobile: info.mobile,
    email: info.email,
    address: info.address,
  });
  /** Field errors: message keys of the checks, or the server's translated text. */
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [alert, setAlert] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = <K extends Field>(field: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    setNotice(undefined);
  };

  /** What a text field takes from the field it edits: its id, value, change and error. */
  const textField = (field: Exclude<Field, 'sex'>) => ({
    id: ids[field],
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
    error: errors[field],
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setAlert(undefined);
    setNotice(undefined);
    const found = fieldErrorsOf<Field>(contactFormSchema, values, messages);
    const first = firstError(order, found);
    if (first) {
      setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
      focusById(ids[first]);
      return;
    }
    setBusy(true);
    try {
      await guard(saveContactInfo(values));
      setErrors({});
      setNotice(t('info.saved'));
    } catch (error) {
      const code = serviceCode(error);
      const field = code === undefined ? undefined : fieldOfCode[code];
      const text = errorMessage(t, error);
      if (field) {
        setErrors({ [field]: text });
        focusById(ids[field]);
      } else {
        setAlert(text);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      <FormMessages alert={alert} notice={notice} />
      <TextField
        id={`${base}-nickname`}
        label={t('info.nickname')}
        hint={t('info.nicknameHint')}
        value={info.nickname}
        readOnly
      />
      <TextField
        {...textField('contacts')}
        label={t('info.name')}
        hint={t('info.nameHint')}
        autoComplete="name"
        required
        maxLength={20}
      />
      <fieldset className={styles.group} aria-describedby={errors.sex ? `${base}-sex-error` : undefined}>
        <legend className={styles.legend}>{t('info.gender')}</legend>
        <div className={styles.choices}>
          {sexes.map((s) => (
            <label key={s} className={styles.choice}>
              <input
                id={`${base}-sex-${s}`}
                type="radio"
                name={`${base}-sex`}
                value={s}
                checked={values.sex === s}
                onChange={() => set('sex', s)}
              />
              {t(`info.sex.${sexNames[s]}`)}
            </label>
          ))}
        </div>
        {errors.sex && (
          <p id={`${base}-sex-error`} className={styles.error}>
            {errors.sex}
          </p>
        )}
      </fieldset>
      {optionalFields.map(({ field, label, hint, ...input }) => (
        <TextField
          key={field}
          {...textField(field)}
          label={t(label)}
          {...(hint ? { hint: t(hint) } : {})}
          optional
          {...input}
        />
      ))}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? t('form.saving') : t('info.save')}
        </button>
      </div>
    </form>
  );
}
