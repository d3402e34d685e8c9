/**
 * Paying from our page (a QR code, a virtual account) rather than on the provider's page, and the wallet app's
 * link on a phone: the pieces the order page needs that are not React (what to show, the countdown's words).
 */
import type { PayInstructions, PayOrderCreated, PayOrderTracked } from '@gp/contracts/pay';

/** How an order is paid from our page, as add_order or order_detail answered it. */
export interface PayAction {
  pay_instructions?: PayInstructions;
  app_url?: string;
  /** When the order stops taking a payment (epoch ms), where the answer says (order_detail, the stream). */
  expiresAt?: number;
}

/** The action of an answer (order_detail, the stream, add_order), without the answer's other fields. */
export function payActionOf(answer: Partial<PayOrderTracked | PayOrderCreated> | undefined): PayAction {
  return {
    ...(answer?.pay_instructions ? { pay_instructions: answer.pay_instructions } : {}),
    ...(answer?.app_url ? { app_url: answer.app_url } : {}),
    ...(answer && 'expires_at' in answer && answer.expires_at
      ? { expiresAt: Date.parse(answer.expires_at) }
      : {}),
  };
}

const refusedSchemes = new Set(['javascript', 'data', 'vbscript', 'file', 'blob']);

/**
 * The wallet app's link when it is one a page may offer: a wallet's scheme (`gcash://pay?...`, `momo://...`) or a
 * web link the app answers; nothing for a scheme that would run or read something in the page.
 */
export function appLink(url: string | undefined): string | undefined {
  const scheme = url ? /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() : undefined;
  return scheme && !refusedSchemes.has(scheme) ? url : undefined;
}

/** The time left as a clock reads it: "29:41", "4:05", "1:02:09" past an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${minutes}:${two(s % 60)}`;
}

/** The minutes a screen reader is told of, politely, once each as the time to pay runs down. */
export const announcedMinutes = [10, 5, 1] as const;

/**
 * What a screen reader is told of the time left: "less than N minutes" once it is under one of the announced
 * minutes, the smallest such; nothing above the first. It changes only when a mark is passed, never every second.
 */
export function minutesMark(secondsLeft: number): (typeof announcedMinutes)[number] | undefined {
  let mark: (typeof announcedMinutes)[number] | undefined;
  for (const minutes of announcedMinutes) if (secondsLeft < minutes * 60) mark = minutes;
  return mark;
}
