/**
 * The sandbox provider's own pages, served by the API while PAY_PROVIDER=sandbox (never in production):
 *   GET  /pay/sandbox/checkout/:payOrderNo?lang=th   the checkout page (sandbox-checkout.ts)
 *   POST /pay/sandbox/checkout/:payOrderNo           form `action` = pay | decline | pay_late, `lang`
 * An action decides the payment once (a second one, or one after the payment expired, only shows where the
 * payment stands). "pay" and "decline" notify the shop at once; "pay_late" records the payment and leaves the
 * notification to the sandbox's sender after PAY_SANDBOX_LATE_MS, so "query payment result" is what finds it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  checkoutActions,
  checkoutLanguage,
  checkoutPage,
  type CheckoutAction,
  type CheckoutNotice,
} from './sandbox-checkout.ts';
import { sandboxNotifyPolicy } from './sandbox-provider.ts';
import type { SandboxPaymentRow } from './sandbox.repository.ts';

const checkoutPath = '/pay/sandbox/checkout/:payOrderNo';

function send(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      // Not no-referrer: under it Chromium sends `Origin: null` with the page's own form post, which the cross-site
      // refusal (http/browser-policy.ts) rightly turns away. same-origin still tells no other site the order number.
      .header('referrer-policy', 'same-origin')
      .send(html)
  );
}

/** Where a payment stands when no new action applies to it. */
function standing(payment: SandboxPaymentRow, now: Date): CheckoutNotice | undefined {
  if (payment.status !== 'pending') return 'finished';
  if (payment.expiresAt.getTime() <= now.getTime()) return 'expired';
  return undefined;
}

export async function sandboxRoutes(app: FastifyInstance) {
  const sandbox = app.dev?.sandbox;
  if (!sandbox) return;

  app.get(checkoutPath, async (request, reply) => {
    const { payOrderNo } = request.params as { payOrderNo: string };
    const query = request.query as Record<string, unknown>;
    const payment = await sandbox.repo.byPayOrderNo(payOrderNo);
    const lang = checkoutLanguage(query.lang, payment?.lang);
    const action = `/pay/sandbox/checkout/${encodeURIComponent(payOrderNo)}`;
    if (!payment) return send(reply, 404, checkoutPage({ lang, notice: 'notFound', action }));
    return send(reply, 200, checkoutPage({ lang, payment, notice: standing(payment, app.now()), action }));
  });

  app.post(checkoutPath, async (request, reply) => {
    const { payOrderNo } = request.params as { payOrderNo: string };
    const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      unknown
    >;
    const chosen = checkoutActions.find((a) => a === form.action) as CheckoutAction | undefined;
    const payment = await sandbox.repo.byPayOrderNo(payOrderNo);
    const lang = checkoutLanguage(form.lang, payment?.lang);
    const action = `/pay/sandbox/checkout/${encodeURIComponent(payOrderNo)}`;
    if (!payment) return send(reply, 404, checkoutPage({ lang, notice: 'notFound', action }));
    if (!chosen) return send(reply, 400, checkoutPage({ lang, payment, action }));

    const now = app.now();
    const late = chosen === 'pay_late';
    const decided = await sandbox.repo.decide(payOrderNo, {
      status: chosen === 'decline' ? 'declined' : 'paid',
      eventId: `evt_${randomBytes(16).toString('hex')}`,
      // Immediate sends hold the notification for themselves (a lease) while they send it.
      notifyDueAt: new Date(now.getTime() + (late ? sandbox.lateMs : sandboxNotifyPolicy.leaseMs)),
      now,
    });
    if (!decided) {
      const current = (await sandbox.repo.byPayOrderNo(payOrderNo)) ?? payment;
      return send(
        reply,
        409,
        checkoutPage({ lang, payment: current, notice: standing(current, now) ?? 'finished', action }),
      );
    }
    request.log.info({ payOrderNo, action: chosen }, 'sandbox payment decided');
    // Not sent (the shop refused or was unreachable): the sender retries it; the page says what was decided.
    if (!late) await sandbox.notifier.sendNow(payOrderNo);
    const notice: CheckoutNotice = chosen === 'decline' ? 'declined' : late ? 'paidLate' : 'paid';
    return send(reply, 200, checkoutPage({ lang, payment: decided, notice, action }));
  });
}
