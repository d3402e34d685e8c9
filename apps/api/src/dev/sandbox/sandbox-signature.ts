/**
 * How the sandbox provider signs its notifications and how the shop checks them: HMAC-SHA256 with the shared
 * secret (PAY_SANDBOX_SECRET) over `<timestamp>.<exact body>`, the timestamp in Unix seconds. A notification
 * with a wrong signature, or whose timestamp is more than 5 minutes from now, is refused: a captured one cannot
 * be replayed later, and within the 5 minutes its event id makes a replay change nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { NotificationRejected, type PaymentNotification } from '../../modules/pay/index.ts';

export const timestampHeader = 'x-sandbox-timestamp';
export const signatureHeader = 'x-sandbox-signature';
/** How far a notification's timestamp may be from the shop's clock, either way. */
export const notificationToleranceMs = 5 * 60_000;

/** The hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function signNotification(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The headers that go with a notification body sent at `now`. */
export function signedHeaders(secret: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    [timestampHeader]: String(timestamp),
    [signatureHeader]: `v1=${signNotification(secret, timestamp, body)}`,
  };
}

/** The body the sandbox sends (snake_case, like the order calls). */
export const sandboxNotificationBody = z.object({
  event_id: z.string().min(1).max(100),
  type: z.enum(['payment.paid', 'payment.declined']),
  pay_order_no: z.string().min(1).max(64),
  order_no: z.string().min(1).max(64),
  amount: z.number().int().min(0),
  currency: z.string().regex(/^[A-Z]{3}$/),
  occurred_at: z.iso.datetime(),
});
export type SandboxNotificationBody = z.infer<typeof sandboxNotificationBody>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks signature and age, then reads the body; throws NotificationRejected. */
export function verifySandboxNotification(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): PaymentNotification {
  const timestampText = single(headers[timestampHeader]) ?? '';
  const signature = single(headers[signatureHeader]) ?? '';
  if (!/^\d{1,12}$/.test(timestampText)) throw new NotificationRejected('signature', 'no timestamp');
  const timestamp = Number(timestampText);
  const expected = `v1=${signNotification(secret, timestamp, rawBody)}`;
  if (!sameHex(signature, expected)) throw new NotificationRejected('signature', 'signature does not match');
  if (Math.abs(now.getTime() - timestamp * 1000) > notificationToleranceMs)
    throw new NotificationRejected('stale', `timestamp ${timestamp} is more than 5 minutes away`);
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new NotificationRejected('malformed', 'body is not JSON');
  }
  const parsed = sandboxNotificationBody.safeParse(json);
  if (!parsed.success) throw new NotificationRejected('malformed', 'body does not match');
  const body = parsed.data;
  return {
    eventId: body.event_id,
    payOrderNo: body.pay_order_no,
    orderNo: body.order_no,
    outcome: body.type === 'payment.paid' ? 'paid' : 'declined',
    amount: body.amount,
    currency: body.currency,
    occurredAt: new Date(body.occurred_at),
  };
}
