/**
 * The sandbox provider's hosted checkout page: plain server-rendered HTML in the page language (en, th, cn, vi,
 * zh from @gp/i18n server texts; anything else en), no script. It shows the payment and three actions - pay now,
 * decline, pay but notify late - and after an action what happened and that the window can be closed.
 */
import { currencyExponent } from '@gp/contracts/pay';
import { site, type LanguageCode } from '@gp/config';
import { messageText, type MessageKey } from '@gp/i18n/server';
import { formatMoney } from '@gp/i18n/format';
import type { SandboxPaymentRow } from './sandbox.repository.ts';

export type CheckoutAction = 'pay' | 'decline' | 'pay_late';
export const checkoutActions: readonly CheckoutAction[] = ['pay', 'decline', 'pay_late'];

/** What the page says besides the payment: an action's outcome, or why nothing can be done. */
export type CheckoutNotice = 'paid' | 'paidLate' | 'declined' | 'finished' | 'expired' | 'notFound';

const htmlLang: Record<string, string> = { cn: 'zh-Hans', zh: 'zh-Hant' };

/** An enabled language, else en. */
export function checkoutLanguage(...wanted: unknown[]): LanguageCode {
  for (const lang of wanted) {
    if (typeof lang === 'string' && (site.enabledLanguages as readonly string[]).includes(lang))
      return lang as LanguageCode;
  }
  return 'en';
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** An amount in minor units as the page language writes it (฿549.00, 119.000 ₫, Rp 15,000): the apps' own way. */
export function formatAmount(amount: number, currency: string, lang: string): string {
  return formatMoney(amount, currency, currencyExponent(currency), lang);
}

export function checkoutPage(view: {
  lang: LanguageCode;
  payment?: SandboxPaymentRow | undefined;
  notice?: CheckoutNotice | undefined;
  /** The form's target (the page's own path). */
  action: string;
}): string {
  const { lang, payment, notice } = view;
  const t = (key: `sandbox.${string}`) => escape(messageText(lang, key as MessageKey));
  const canAct = payment && !notice;
  const closing = notice === 'paid' || notice === 'paidLate' || notice === 'declined';
  const details = payment
    ? `<dl>
<dt>${t('sandbox.merchant')}</dt><dd>JoyPeak Games</dd>
<dt>${t('sandbox.product')}</dt><dd>${escape(payment.description)}</dd>
<dt>${t('sandbox.orderNo')}</dt><dd>${escape(payment.merchantOrderNo)}</dd>
<dt>${t('sandbox.payOrderNo')}</dt><dd>${escape(payment.payOrderNo)}</dd>
<dt>${t('sandbox.amount')}</dt><dd class="amount">${escape(formatAmount(payment.amount, payment.currency, lang))}</dd>
</dl>`
    : '';
  const form = canAct
    ? `<form method="post" action="${escape(view.action)}">
<input type="hidden" name="lang" value="${lang}">
<fieldset><legend>${t('sandbox.actions')}</legend>
<div class="actions">
<button type="submit" name="action" value="pay" class="primary">${t('sandbox.payNow')}</button>
<button type="submit" name="action" value="decline" class="secondary">${t('sandbox.decline')}</button>
<button type="submit" name="action" value="pay_late" class="secondary" aria-describedby="late-hint">${t('sandbox.payLate')}</button>
</div>
<p id="late-hint" class="hint">${t('sandbox.payLateHint')}</p>
</fieldset>
</form>`
    : '';
  const message = notice
    ? `<div role="status" class="notice ${notice === 'paid' || notice === 'paidLate' ? 'ok' : 'problem'}">
<p><strong>${t(`sandbox.${notice}`)}</strong></p>${closing || notice === 'finished' ? `\n<p>${t('sandbox.close')}</p>` : ''}
</div>`
    : '';
  return `<!doctype html>
<html lang="${htmlLang[lang] ?? lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('sandbox.title')}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#eef1f6;color:#1b1f29;line-height:1.5}
main{max-width:30rem;margin:6vh auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:1.4rem;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1.25rem 0}
dt{font-weight:600;color:#374151}dd{margin:0;overflow-wrap:anywhere}.amount{font-size:1.25rem;font-weight:700}
fieldset{border:1px solid #6b7280;border-radius:8px;padding:1rem}legend{font-weight:600;padding:0 .3rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}button{flex:1 1 8rem;padding:.75rem;font-size:1rem;border-radius:8px;cursor:pointer}
.primary{background:#1d4ed8;color:#fff;border:0}.secondary{background:#fff;color:#1b1f29;border:1px solid #6b7280}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}.hint{color:#374151;font-size:.9rem;margin-bottom:0}
.notice{border-radius:8px;padding:.75rem 1rem;margin-top:1rem}.ok{background:#ecfdf5;color:#065f46}
.problem{background:#fef2f2;color:#991b1b}.notice p{margin:.25rem 0}
</style></head>
<body><main>
<h1>${t('sandbox.title')}</h1>
${canAct ? `<p>${t('sandbox.intro')}</p>` : ''}
${details}
${form}
${message}
</main></body></html>`;
}
