/**
 * Lookup without login: the order number and the e-mail or phone number of the account that
 * placed it show the order's state and timeline. The API answers the same for a wrong number and a wrong address
 * (40), and limits tries (800000): both show as the translated message. The character's name arrives partly
 * masked; the screen says so.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PayOrderLookedUp } from '@gp/contracts/pay';
import { OrderTimeline } from '@gp/ui/order-timeline';
import { useShell } from '@gp/ui/shell-context';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import { topupCalls } from '../api/topup.calls.ts';
import { errorMessage } from '../model/error-message.ts';
import { OrderSummary } from './order-summary.tsx';
import styles from './topup.module.css';

export const lookupPaths = { desktop: '/paygame_lookup', h5: '/paygame_lookup_h5' } as const;

/** The link to the lookup from the pay home and the login prompt. */
export function LookupLink() {
  const { t } = useTranslation('pay');
  const { h5 } = useShell();
  return <Link to={h5 ? lookupPaths.h5 : lookupPaths.desktop}>{t('lookup.link')}</Link>;
}

type Field = 'order_no' | 'account';

export function OrderLookup() {
  const { t } = useTranslation('pay');
  const { loginHref } = useLoginRedirect();
  const ids = { order_no: useId(), account: useId() };
  const [values, setValues] = useState<Record<Field, string>>({ order_no: '', account: '' });
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [found, setFound] = useState<PayOrderLookedUp>();
  const heading = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const empty = {
      order_no: values.order_no.trim() === '',
      account: values.account.trim() === '',
    };
    setMissing(empty);
    if (empty.order_no || empty.account) {
      document.getElementById(empty.order_no ? ids.order_no : ids.account)?.focus();
      return;
    }
    setBusy(true);
    setAlert(undefined);
    try {
      const order = await topupCalls.lookupOrder({
        order_no: values.order_no.trim(),
        account: values.account.trim(),
      });
      setFound(order);
      requestAnimationFrame(() => heading.current?.focus());
    } catch (error) {
      setAlert(errorMessage(t, error));
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  if (found)
    return (
      <section className={styles.panel} aria-labelledby="lookup-result">
        <h2 id="lookup-result" ref={heading} tabIndex={-1} className={styles.heading}>
          {t('lookup.resultHeading', { orderNo: found.order_no })}
        </h2>
        <p className={styles.message} role="status">
          {t('lookup.state')}: <strong>{t(`lookup.stateNames.${found.state}`)}</strong>
        </p>
        <OrderSummary lines={{ ...found, order_no: undefined }} />
        <p className={styles.hint}>{t('lookup.masked')}</p>
        <OrderTimeline timeline={found.timeline} />
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setFound(undefined);
              setValues({ order_no: '', account: '' });
            }}
          >
            {t('lookup.another')}
          </button>
          <a className={styles.primary} href={loginHref()}>
            {t('lookup.login')}
          </a>
        </div>
      </section>
    );

  const field = (name: Field, label: string, hint: string, type: 'text' | 'email' = 'text') => (
    <div className={styles.group}>
      <label className={styles.label} htmlFor={ids[name]}>
        {label}
      </label>
      <input
        id={ids[name]}
        className={styles.input}
        type={type === 'email' ? 'text' : type}
        inputMode={type === 'email' ? 'email' : undefined}
        autoComplete={name === 'account' ? 'username' : 'off'}
        value={values[name]}
        aria-invalid={missing[name] || undefined}
        aria-describedby={`${ids[name]}-hint${missing[name] ? ` ${ids[name]}-error` : ''}`}
        onChange={(e) => {
          const value = e.target.value;
          setValues((v) => ({ ...v, [name]: value }));
          if (missing[name]) setMissing((m) => ({ ...m, [name]: false }));
        }}
      />
      <p id={`${ids[name]}-hint`} className={styles.hint}>
        {hint}
      </p>
      {missing[name] && (
        <p id={`${ids[name]}-error`} className={styles.fieldError}>
          {t('lookup.required')}
        </p>
      )}
    </div>
  );

  return (
    <form className={styles.panel} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      <p className={styles.hint}>{t('lookup.intro')}</p>
      {field('order_no', t('lookup.orderNo'), t('lookup.orderNoHint'))}
      {field('account', t('lookup.account'), t('lookup.accountHint'), 'email')}
      {alert && (
        <p ref={alertRef} tabIndex={-1} className={styles.alert} role="alert">
          {alert}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
          {busy ? t('lookup.checking') : t('lookup.submit')}
        </button>
      </div>
    </form>
  );
}
