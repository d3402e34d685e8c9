/** The top-up values staff read, translated: payment modes, order states, delivery states, causes, notifications. */
import type { TFunction } from 'i18next';
import { payModeNames, type PayMode } from '@gp/contracts/pay';
import { tones } from '../../../lib/theme.ts';

/** A payment mode's name ("MyCard (web)"); an unknown mode by its number. */
export function payModeLabel(t: TFunction, mode: number): string {
  const name = payModeNames[mode as PayMode] as string | undefined;
  return name ? t(`ops:pay.payMode.${name}`) : String(mode);
}

export function orderStateLabel(t: TFunction, state: string): string {
  return t(`ops:pay.state.${state}`, { defaultValue: state });
}

export function deliveryStatusLabel(t: TFunction, status: string): string {
  return t(`ops:pay.deliveryStatus.${status}`, { defaultValue: status });
}

/** What moved an order (`order`, `payment`, `notification:<event id>`, `query`, `sweep`, `worker`, `reconcile`, `staff:<id>`). */
export function causeLabel(t: TFunction, cause: string): string {
  const [kind, ...rest] = cause.split(':');
  const detail = rest.join(':');
  if (kind === 'notification' && detail) return t('ops:pay.cause.notificationOf', { id: detail });
  // The reconciliation job, and staff's "ask the provider again" (`staff:<id>`) on a settlement difference.
  if (kind === 'reconcile') return t('ops:settlement.cause.reconcile');
  if (kind === 'staff' && detail) return t('ops:settlement.cause.staff');
  if (kind === 'refund' && detail) return t('ops:refunds.causeStaff', { account: detail });
  return t(`ops:pay.cause.${kind}`, { defaultValue: cause });
}

export function notificationOutcomeLabel(t: TFunction, outcome: string): string {
  if (outcome === 'refunded') return t('ops:refunds.outcomeRefunded');
  if (outcome.startsWith('dispute:'))
    return t('ops:refunds.outcomeDispute', { status: outcome.slice('dispute:'.length) });
  return t(`ops:pay.outcome.${outcome}`, { defaultValue: outcome });
}

export function notificationResultLabel(t: TFunction, result: string): string {
  return t(`ops:pay.result.${result}`, { defaultValue: result });
}

// Dark solid tags: antd's light presets miss WCAG AA contrast for 12px text.
const green = tones.success;
const red = tones.danger;
const blue = tones.link;
const amber = tones.warning;

export function orderStateColour(state: string): string | undefined {
  if (state === 'delivered') return green;
  if (state === 'failed' || state === 'expired' || state === 'refunded') return red;
  if (state === 'paid' || state === 'delivering') return amber;
  return undefined;
}

export function deliveryStatusColour(status: string | null): string | undefined {
  if (status === 'done') return green;
  if (status === 'dead') return red;
  if (status === 'pending') return blue;
  return undefined;
}
