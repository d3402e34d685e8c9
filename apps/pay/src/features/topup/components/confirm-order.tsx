/**
 * The confirm step: the summary of the draft, then "Confirm and pay" makes the order and sends the payment window
 * to the provider's checkout page. The window is opened in the click itself (blank), before the order call, since
 * browsers only allow pop-ups opened straight from a click; a refused window leaves a link on the payment page.
 * An order paid from our page (no checkout page: a QR code or an account number to pay) closes the window again,
 * and the order page shows how to pay.
 * A second click while the call runs does nothing; a retry after a lost answer sends the same idempotency key, so
 * it answers the same order. A refusal (err1..err13) goes back to the choices with its message.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import type { TopupApi } from '../model/variant.ts';
import { errorMessage, isNotLoggedIn } from '../model/error-message.ts';
import { isComplete, useDraft } from '../model/draft.ts';
import { rememberOrder, type RememberedOrder } from '../model/orders.ts';
import { OrderSummary } from './order-summary.tsx';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import styles from './topup.module.css';

/** A blank window opened during the click, to be pointed at the checkout page later; null when refused. */
function openBlankWindow(waitText: string): Window | null {
  let win: Window | null = null;
  try {
    win = window.open('', '_blank');
  } catch {
    win = null;
  }
  if (!win) return null;
  try {
    // The checkout page must not be able to reach back into this page.
    win.opener = null;
    win.document.title = waitText;
    win.document.body.textContent = waitText;
  } catch {
    // A window we cannot write to still works for the redirect.
  }
  return win;
}

export function ConfirmOrder({
  api,
  h5,
  heading: withHeading = true,
  onCreated,
  onRejected,
  onBack,
}: {
  api: TopupApi;
  h5: boolean;
  /** The H5 page's h1 already says "Confirm your order". */
  heading?: boolean;
  onCreated: (order: RememberedOrder) => void;
  onRejected: (error: ApiError) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('pay');
  const [draft, update] = useDraft(api.id);
  const { toLogin } = useLoginRedirect();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  const inFlight = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (withHeading) heading.current?.focus();
  }, [withHeading]);

  const confirm = () => {
    if (inFlight.current) return;
    if (!isComplete(draft)) {
      onBack();
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setAlert('');
    // A window for the provider's page, opened by the click itself (browsers block one opened later); none for a
    // channel paid from our page.
    const win = draft.channel?.pays_on_page ? null : openBlankWindow(t('confirm.opening'));
    const { game, server, role, currency, channel, product, captcha, attemptKey } = draft;
    api
      .addOrder(
        {
          game_base_id: game!.game_base_id,
          game_id: game!.game_id,
          cp_server_id: server!.cp_server_id,
          cp_role_id: role!.cp_role_id,
          product_id: product!.product_id,
          product_name: product!.product_name,
          marketing_desc_1: product!.marketing_desc_1,
          marketing_desc_2: product!.marketing_desc_2,
          product_price: product!.product_price,
          currency: currency!.currency,
          pay_mode: channel!.pay_mode,
          payment_type: channel!.payment_type,
          captcha_token: captcha!.token,
          captcha_code: captcha!.code.trim(),
          idempotency_key: attemptKey!,
        },
        h5,
      )
      .then(
        (created) => {
          // Paid from our page (a QR code, an account number): no provider page to open; the order page shows it.
          const onOurPage = !created.pay_url;
          if (onOurPage) win?.close();
          const order = rememberOrder(api.id, created, !onOurPage && !win);
          if (win && !onOurPage) win.location.href = created.pay_url;
          onCreated(order);
          // The attempt is spent; the choices stay for the next top-up.
          update((d) => ({ ...d, captcha: undefined, attemptKey: undefined }));
        },
        (error: unknown) => {
          win?.close();
          if (isNotLoggedIn(error)) {
            toLogin();
          } else if (error instanceof ApiError && (error.domain === 'pay' || error.code === -400)) {
            // Refused: no order was made and the captcha is spent. A new attempt gets a new key.
            update((d) => ({ ...d, captcha: undefined, attemptKey: undefined }));
            onRejected(error);
          } else {
            // No answer or a server fault: the order may exist. Trying again sends the same key.
            setAlert(errorMessage(t, error));
          }
        },
      )
      .finally(() => {
        inFlight.current = false;
        setBusy(false);
      });
  };

  const { game, server, role, channel, product } = draft;
  return (
    <section
      className={styles.panel}
      aria-label={withHeading ? undefined : t('confirm.heading')}
      aria-labelledby={withHeading ? 'confirm-heading' : undefined}
    >
      {withHeading && (
        <h2 id="confirm-heading" ref={heading} tabIndex={-1} className={styles.heading}>
          {t('confirm.heading')}
        </h2>
      )}
      <p className={styles.hint}>{t('confirm.intro')}</p>
      {game && server && role && channel && product && (
        <OrderSummary
          lines={{
            game_name: game.game_name,
            server_name: server.server_name,
            role_name: role.role_name,
            product_name: product.product_name,
            marketing: [product.marketing_desc_1, product.marketing_desc_2].filter(Boolean).join(' · '),
            channel_name: channel.channel_name,
            product_price: product.product_price,
            currency: product.currency,
            exponent: product.exponent,
          }}
        />
      )}
      <p className={styles.message}>
        {t(draft.channel?.pays_on_page ? 'confirm.onPage' : 'confirm.newWindow')}
      </p>
      {alert && (
        <p className={styles.alert} role="alert">
          {alert}
        </p>
      )}
      {busy && (
        <p className={styles.hint} role="status">
          {t('confirm.submitting')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={confirm} aria-disabled={busy || undefined}>
          {t('confirm.submit')}
        </button>
        <button type="button" className={styles.secondary} onClick={onBack} disabled={busy}>
          {t('confirm.back')}
        </button>
      </div>
    </section>
  );
}
