/**
 * Following an order after it is made (spec 4 "Top-up wizard"), by the phase of its state:
 * - pay (created, awaiting payment): the three actions "Payment completed", "Problem, pay again" and "Query
 *   payment result". A query says "no result found" (14), "not paid yet" (15), or moves to the next phase;
 * - waiting (paid, delivering): the money arrived, the credit not yet: the information may lag, do not pay again,
 *   query later; credit can take 10-15 minutes;
 * - done (delivered): success; failed (failed, expired, refunded): the reason and a way to start again.
 * Queries of one payment are 10 seconds apart, with a countdown. On desktop every phase shows in place; on H5 each
 * phase has its page (payorder, paycomplete, paysucceed) and the tracker moves to the page of the phase.
 * An order paid from our page (no checkout page) shows its QR code or account number in the pay phase, with the
 * time left to pay, until the live status moves it on; on a phone, a wallet's order offers its app's link too.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { OrderState, PayOrderItem } from '@gp/contracts/pay';
import { codes } from '@gp/errors';
import { errorText } from '@gp/i18n';
import type { TopupApi } from '../model/variant.ts';
import { errorMessage, isNotLoggedIn, isPayCode } from '../model/error-message.ts';
import { unbrokenName } from '../model/item-name.ts';
import { rememberedOrder } from '../model/orders.ts';
import { appLink } from '../model/pay-action.ts';
import { orderPath, stepPath, type OrderKeys, type TopupPlace } from '../model/place.ts';
import { OrderHelpLink } from './order-help-link.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PayInstructions } from './pay-instructions.tsx';
import { isRefunded, RefundText } from './refund-note.tsx';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import { OrderTimeline } from '@gp/ui/order-timeline';
import { useLiveOrder } from './use-live-order.ts';
import { useQueryCooldown } from './use-query-cooldown.ts';
import { useResource } from '@gp/ui/use-resource';
import styles from './topup.module.css';

export type OrderPhase = 'pay' | 'waiting' | 'done' | 'failed';
export type OrderPage = 'payorder' | 'paycomplete' | 'paysucceed';

export function phaseOf(state: OrderState): OrderPhase {
  switch (state) {
    case 'created':
    case 'awaiting_payment':
      return 'pay';
    case 'paid':
    case 'delivering':
      return 'waiting';
    case 'delivered':
      return 'done';
    default:
      return 'failed';
  }
}

const pageOfPhase: Record<Exclude<OrderPhase, 'failed'>, OrderPage> = {
  pay: 'payorder',
  waiting: 'paycomplete',
  done: 'paysucceed',
};

type Message = { tone: 'info' | 'error'; text: string } | undefined;

export function OrderTracker({
  api,
  place,
  order: keys,
  page,
}: {
  api: TopupApi;
  place: TopupPlace;
  order: OrderKeys;
  /** The H5 page showing the tracker; desktop leaves it out and shows every phase in place. */
  page?: OrderPage;
}) {
  const { t } = useTranslation('pay');
  const navigate = useNavigate();
  const { guard, toLogin } = useLoginRedirect();
  const detail = useResource(`order:${keys.order_no}`, () => guard(api.orderDetail(keys.order_no)));
  const [latest, setLatest] = useState<PayOrderItem>();
  const [message, setMessage] = useState<Message>();
  const [busy, setBusy] = useState(false);
  const [left, startCooldown] = useQueryCooldown(keys.pay_order_no);
  const [remembered] = useState(() => rememberedOrder(place.variant, keys.order_no));
  const heading = useRef<HTMLHeadingElement>(null);

  // Paid turns into credited without a click: the live status stream.
  const { order, timeline, action } = useLiveOrder(keys.order_no, detail.data, latest);
  const phase = order ? phaseOf(order.state) : undefined;
  // How to pay from our page: the API's word while the order awaits payment, else what add_order answered here.
  const instructions = action.pay_instructions ?? remembered?.pay_instructions;
  const appUrl = appLink(action.app_url ?? remembered?.app_url);

  useEffect(() => {
    if (phase) heading.current?.focus();
  }, [phase]);

  // H5: each phase has its page.
  useEffect(() => {
    if (!page || !phase || phase === 'failed') return;
    const target = pageOfPhase[phase];
    if (target !== page) void navigate(orderPath(place, keys, target), { replace: true });
  }, [page, phase, place, keys, navigate]);

  const startOver = () => {
    if (!place.h5) void navigate(place.home);
    else if (order) void navigate(stepPath(place, 'setoutpay', { game: String(order.game_base_id) }));
    else void navigate(place.home);
  };

  const query = async () => {
    if (busy || left > 0) return;
    setBusy(true);
    setMessage(undefined);
    try {
      const result = await api.orderResult(keys.pay_order_no);
      setLatest(result);
      const next = phaseOf(result.state);
      if (next === 'pay') setMessage({ tone: 'info', text: errorText(t, 'pay', codes.payOrderNotPaid) });
      else if (next === 'waiting' && phase === 'waiting')
        setMessage({ tone: 'info', text: t('order.stillWaiting') });
    } catch (error) {
      if (isNotLoggedIn(error)) {
        toLogin();
        return;
      }
      if (isPayCode(error, codes.payNoResult)) setMessage({ tone: 'error', text: errorMessage(t, error) });
      else if (isPayCode(error, codes.payOrderNotPaid))
        setMessage({ tone: 'info', text: errorMessage(t, error) });
      else setMessage({ tone: 'error', text: errorMessage(t, error) });
    } finally {
      setBusy(false);
      startCooldown();
    }
  };

  const payAgain = () => {
    if (phase === 'waiting') {
      setMessage({ tone: 'info', text: t('order.doNotPayAgain') });
      return;
    }
    const takesPayment = !remembered || remembered.expiresAt > Date.now();
    if (phase === 'pay' && instructions && takesPayment) {
      // Nothing to open: the code or the account is on this page until the time is up.
      setMessage({ tone: 'info', text: t('instructions.payHere') });
      return;
    }
    if (phase === 'pay' && remembered?.pay_url && takesPayment) {
      let win: Window | null = null;
      try {
        win = window.open(remembered.pay_url, '_blank');
      } catch {
        win = null;
      }
      if (!win) {
        setMessage({ tone: 'error', text: t('order.blocked') });
        return;
      }
      try {
        win.opener = null;
      } catch {
        // Nothing to cut.
      }
      setMessage({ tone: 'info', text: t('order.reopened') });
      return;
    }
    // No checkout to go back to (expired, failed, or made elsewhere): a new order with the same choices.
    startOver();
  };

  if (detail.loading && !order)
    return (
      <p className={styles.hint} role="status">
        {t('order.loading')}
      </p>
    );
  if (!order) {
    const missing = isPayCode(detail.error, codes.payNoResult);
    return (
      <div className={styles.panel}>
        <p className={styles.alert} role="alert">
          {missing ? t('order.notFound') : errorMessage(t, detail.error)}
        </p>
        <div className={styles.actions}>
          {!missing && (
            <button type="button" className={styles.secondary} onClick={detail.reload}>
              {t('form.retry')}
            </button>
          )}
          <Link className={styles.secondary} to={place.home}>
            {t('order.backToTopup')}
          </Link>
        </div>
      </div>
    );
  }

  const waitId = `wait-${keys.pay_order_no}`;
  const cooling = busy || left > 0;
  const queryButton = (label: string, primary = false) => (
    <button
      type="button"
      className={primary ? styles.primary : styles.secondary}
      aria-disabled={cooling || undefined}
      aria-describedby={left > 0 ? waitId : undefined}
      onClick={() => void query()}
    >
      {label}
    </button>
  );
  const countdown =
    left > 0 ? (
      <p id={waitId} className={styles.wait}>
        {t('order.wait', { seconds: left })}
      </p>
    ) : null;
  const live = (
    <>
      <div role="status" className={message?.tone === 'info' ? styles.message : undefined}>
        {message?.tone === 'info' && message.text}
      </div>
      {message?.tone === 'error' && (
        <p role="alert" className={styles.alert}>
          {message.text}
        </p>
      )}
    </>
  );
  const summary = (
    <OrderSummary
      lines={{
        ...order,
        marketing: undefined,
        pay_time: phase === 'pay' ? null : order.pay_time,
      }}
    />
  );
  const progress = <OrderTimeline timeline={timeline} />;
  const historyLink = (
    <Link className={styles.secondary} to={place.history}>
      {t('order.history')}
    </Link>
  );
  const helpLink = <OrderHelpLink order={order} className={styles.secondary} />;
  const paymentLink = remembered?.pay_url && (
    <a href={remembered.pay_url} target="_blank" rel="noopener noreferrer">
      {t('order.openPayment')}
    </a>
  );

  switch (phase) {
    case 'pay':
      return (
        <section className={styles.panel} aria-labelledby="order-heading">
          <h2 id="order-heading" ref={heading} tabIndex={-1} className={styles.heading}>
            {t('order.payHeading')}
          </h2>
          {place.h5 && appUrl && (
            <div className={styles.actions}>
              <a className={styles.primary} href={appUrl}>
                {t('instructions.openApp', { wallet: order.channel_name })}
              </a>
            </div>
          )}
          {instructions ? (
            <>
              <p className={styles.message}>{t('instructions.intro')}</p>
              <PayInstructions
                instructions={instructions}
                order={order}
                expiresAt={remembered?.expiresAt ?? action.expiresAt}
                h5={place.h5}
              />
            </>
          ) : remembered?.blocked ? (
            <p className={styles.alert} role="alert">
              {t('order.blocked')} {paymentLink}
            </p>
          ) : (
            <p className={styles.message}>
              {t('order.payIntro')}{' '}
              {paymentLink && (
                <>
                  {t('order.notOpened')} {paymentLink}
                </>
              )}
            </p>
          )}
          {summary}
          {progress}
          <div className={styles.actions}>
            {queryButton(t('order.paid'), true)}
            <button type="button" className={styles.secondary} onClick={payAgain}>
              {t('order.payAgain')}
            </button>
            {queryButton(t('order.query'))}
            {helpLink}
          </div>
          {countdown}
          {live}
        </section>
      );
    case 'waiting':
      return (
        <section className={styles.panel} aria-labelledby="order-heading">
          <h2 id="order-heading" ref={heading} tabIndex={-1} className={styles.heading}>
            {t('order.waitingHeading')}
          </h2>
          <div className={styles.message}>
            <p>{t('order.lag')}</p>
            <p>{t('order.creditTime')}</p>
          </div>
          {summary}
          {progress}
          <div className={styles.actions}>
            {queryButton(t('order.query'), true)}
            <button type="button" className={styles.secondary} onClick={payAgain}>
              {t('order.payAgain')}
            </button>
            {historyLink}
            {helpLink}
          </div>
          {countdown}
          {live}
        </section>
      );
    case 'done':
      return (
        <section className={styles.panel} aria-labelledby="order-heading">
          <div className={styles.success} role="status">
            <h2 id="order-heading" ref={heading} tabIndex={-1} className={styles.heading}>
              {t('order.successHeading')}
            </h2>
            <p>
              {t('order.success', {
                product: unbrokenName(order.product_name),
                character: order.role_name,
                server: order.server_name,
              })}
            </p>
          </div>
          {summary}
          {progress}
          <div className={styles.actions}>
            {historyLink}
            <button type="button" className={styles.primary} onClick={startOver}>
              {t('order.startOver')}
            </button>
            {helpLink}
          </div>
        </section>
      );
    default:
      return (
        <section className={styles.panel} aria-labelledby="order-heading">
          <div className={styles.failure} role="alert">
            <h2 id="order-heading" ref={heading} tabIndex={-1} className={styles.heading}>
              {isRefunded(order) ? t('refunds.heading') : t('order.failedHeading')}
            </h2>
            {isRefunded(order) ? (
              <RefundText order={order} />
            ) : (
              <p>
                {order.reason_code !== null
                  ? errorText(t, 'pay', order.reason_code)
                  : t('order.failedGeneric')}
              </p>
            )}
          </div>
          {summary}
          {progress}
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={startOver}>
              {t('order.startOver')}
            </button>
            {historyLink}
            {helpLink}
          </div>
        </section>
      );
  }
}
