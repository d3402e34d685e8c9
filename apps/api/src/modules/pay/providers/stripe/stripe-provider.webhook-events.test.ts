/**
 * The webhook events an operator subscribes to (deploy/README.md, "Stripe webhook") are exactly the ones the
 * provider acts on (`stripeWebhookEvents`), and each of those is acted on: a list that drifts from the code either
 * leaves an event unsubscribed (a lost dispute keeping its credit) or names one nothing reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../../config/paths.ts';
import { afterPaymentOf, notificationOf, stripeWebhookEvents } from './stripe-provider.ts';

/** The event types in the first column of the README's "Stripe webhook" table. */
function readmeEvents(): string[] {
  const readme = readFileSync(join(repoRoot, 'deploy/README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Stripe webhook\n'));
  if (!section) throw new Error('deploy/README.md has no "## Stripe webhook" section');
  return [...section.matchAll(/^\| `([a-z_.]+)` +\|/gm)].map((m) => m[1]!);
}

const at = 1_800_000_000;
/** A minimal event of the type, with the fields the provider reads. */
function eventOf(type: string, status = 'needs_response'): Stripe.Event {
  const object = type.startsWith('checkout.session.')
    ? {
        id: 'cs_test_1',
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: 'P1',
        metadata: {},
        currency: 'thb',
        amount_total: 10_000,
      }
    : type === 'charge.refunded'
      ? { id: 'ch_1', object: 'charge', refunded: true, payment_intent: 'pi_1', metadata: {} }
      : {
          id: 'dp_1',
          object: 'dispute',
          payment_intent: 'pi_1',
          metadata: {},
          status,
          reason: 'fraudulent',
          created: at - 60,
        };
  // The fields the provider reads of the SDK's event (the rest of Stripe.Event is not consulted).
  return {
    id: `evt_${type}`,
    object: 'event',
    created: at,
    type,
    data: { object },
  } as unknown as Stripe.Event;
}

describe('Stripe webhook events', () => {
  it('deploy/README.md lists exactly the event types the provider acts on, each once', () => {
    const listed = readmeEvents();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...stripeWebhookEvents].sort());
  });

  it('every listed event is read by the provider; another type changes nothing', () => {
    for (const type of stripeWebhookEvents)
      expect(notificationOf(eventOf(type)) ?? afterPaymentOf(eventOf(type)), type).not.toBeNull();
    const other = eventOf('payment_intent.succeeded');
    expect(notificationOf(other)).toBeNull();
    expect(afterPaymentOf(other)).toBeNull();
  });

  it('a dispute is lost only when charge.dispute.closed says lost', () => {
    const lost = (type: string, status: string) => {
      const read = afterPaymentOf(eventOf(type, status));
      return read?.kind === 'dispute' ? read.lost : undefined;
    };
    expect(lost('charge.dispute.closed', 'lost')).toBe(true);
    expect(lost('charge.dispute.closed', 'won')).toBe(false);
    expect(lost('charge.dispute.closed', 'warning_closed')).toBe(false);
    expect(lost('charge.dispute.closed', 'prevented')).toBe(false);
    expect(lost('charge.dispute.created', 'needs_response')).toBe(false);
    expect(lost('charge.dispute.updated', 'under_review')).toBe(false);
  });
});
