/**
 * Paying an order from our page, where the provider has no page of its own: a QR code that carries the amount
 * (PromptPay, QRIS, VietQR) to scan with a banking or wallet app, or a virtual account to transfer the exact amount
 * to, with copy buttons. Both with the time left to pay: a clock that shows every second, and a polite word to
 * screen readers only when fewer than 10, 5 and 1 minutes are left; once the time is up the details go, so no one
 * pays an order that no longer takes payment. Without a known expiry (an order this tab did not make) no clock.
 */
import { useTranslation } from 'react-i18next';
import type { PayInstructions as Instructions, PayOrderItem } from '@gp/contracts/pay';
import { currentLanguage } from '@gp/i18n';
import { formatMoney, marketDecimal } from '@gp/i18n/format';
import { CopyValue, Grouped, groupsOf } from '@gp/ui/copy-value';
import { visuallyHidden } from '@gp/ui/visually-hidden';
import { clock, minutesMark } from '../model/pay-action.ts';
import { QrCode } from './qr-code.tsx';
import { useSecondsLeft } from './use-seconds-left.ts';
import styles from './pay-instructions.module.css';
import topup from './topup.module.css';

export function PayInstructions({
  instructions,
  order,
  expiresAt,
  h5,
}: {
  instructions: Instructions;
  order: Pick<PayOrderItem, 'product_price' | 'currency' | 'exponent'>;
  /** Epoch ms when the order stops taking payment, when known. */
  expiresAt: number | undefined;
  h5: boolean;
}) {
  const { t } = useTranslation('pay');
  const copyTexts = (label: string, copied: string) => ({
    button: t('instructions.copy'),
    label,
    copied,
    failed: t('instructions.copyFailed'),
  });
  const left = useSecondsLeft(expiresAt);
  const expired = left === 0;
  const amount = formatMoney(order.product_price, order.currency, order.exponent, currentLanguage());
  const mark = left === undefined ? undefined : minutesMark(left);

  const timer =
    left !== undefined && !expired ? (
      <p role="timer" className={styles.timer}>
        {t('instructions.timeLeft', { time: clock(left) })}
      </p>
    ) : null;

  return (
    <section id="pay-instructions" className={styles.instructions} aria-labelledby="pay-instructions-heading">
      <h3 id="pay-instructions-heading" className={styles.heading}>
        {instructions.kind === 'qr' ? t('instructions.qrHeading') : t('instructions.transferHeading')}
      </h3>
      {expired ? null : instructions.kind === 'qr' ? (
        <div className={styles.qrLayout}>
          <QrCode payload={instructions.qr_string} label={t('instructions.qrLabel', { amount })} />
          <div className={styles.qrText}>
            <p className={styles.amountLine}>
              <span className={styles.amountLabel}>{t('confirm.amount')}</span>
              <strong className={styles.amount}>{amount}</strong>
            </p>
            <p>{t('instructions.qrHint')}</p>
            {h5 && <p className={topup.hint}>{t('instructions.qrSamePhone')}</p>}
            {timer}
          </div>
        </div>
      ) : (
        <>
          <p>{t('instructions.transferHint')}</p>
          <dl className={styles.transfer}>
            <dt>{t('instructions.bank')}</dt>
            <dd>{instructions.bank}</dd>
            <dt>{t('instructions.accountNumber')}</dt>
            <dd>
              <CopyValue
                value={instructions.account_number}
                texts={copyTexts(t('instructions.copyAccount'), t('instructions.accountCopied'))}
                prominent
              >
                <Grouped groups={groupsOf(instructions.account_number)} large />
              </CopyValue>
            </dd>
            <dt>{t('confirm.amount')}</dt>
            <dd>
              <CopyValue
                value={marketDecimal(order.product_price, order.currency, order.exponent)}
                texts={copyTexts(t('instructions.copyAmount'), t('instructions.amountCopied'))}
                prominent
              >
                <strong className={styles.amount}>{amount}</strong>
              </CopyValue>
            </dd>
          </dl>
          {timer}
        </>
      )}
      {/* Always there, so that what it comes to say is announced: the marks, then the end. */}
      <div role="status">
        {expired ? (
          <p className={topup.alert}>{t('instructions.expired')}</p>
        ) : mark !== undefined ? (
          <span className={visuallyHidden}>{t('instructions.minutesLeft', { count: mark })}</span>
        ) : null}
      </div>
    </section>
  );
}
