/**
 * The callbacks an operator points at the portal (deploy/README.md, "Xendit callbacks") are exactly the ones the
 * provider acts on (`xenditCallbackEvents`), and each of those is acted on: a list that drifts from the code either
 * leaves a refund unheard or names an event nothing reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../../config/paths.ts';
import { XenditProvider, xenditCallbackEvents } from './xendit-provider.ts';

const token = 'gp-callback-token-for-events';
const provider = new XenditProvider({
  secretKey: 'xnd_development_events_0123',
  callbackToken: token,
  apiBase: 'http://127.0.0.1:9',
  now: () => new Date(),
});

/** The event names in the first column of the README's "Xendit callbacks" table. */
function readmeEvents(): string[] {
  const readme = readFileSync(join(repoRoot, 'deploy/README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Xendit callbacks\n'));
  if (!section) throw new Error('deploy/README.md has no "## Xendit callbacks" section');
  return [...section.matchAll(/^\| `([a-z_.]+)` +\|/gm)].map((m) => m[1]!);
}

/** A callback of the event as Xendit sends it, with the fields the provider reads. */
function callbackOf(event: string) {
  const body = JSON.stringify({
    event,
    business_id: 'b1',
    created: '2026-11-30T10:00:00.000Z',
    data: {
      id: event.startsWith('refund.') ? 'rfd-1' : 'py-1',
      payment_request_id: 'pr-1',
      reference_id: 'P1',
      currency: 'PHP',
      amount: 299.5,
      status: 'SUCCEEDED',
      metadata: { order_no: 'P1' },
      updated: '2026-11-30T10:00:00.000Z',
    },
  });
  return { headers: { 'x-callback-token': token, 'webhook-id': `wh-${event}` }, rawBody: body };
}

describe('Xendit callback events', () => {
  it('deploy/README.md lists exactly the events the provider acts on, each once', () => {
    const listed = readmeEvents();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...xenditCallbackEvents].sort());
  });

  it('acts on each listed event and on no other', () => {
    const now = new Date();
    for (const event of xenditCallbackEvents) {
      const incoming = callbackOf(event);
      const read =
        provider.verifyNotification(incoming, now) ?? provider.afterPaymentNotification(incoming, now);
      expect(read, event).not.toBeNull();
      expect(read!.eventId).toBe(`wh-${event}`);
    }
    const paid = provider.verifyNotification(callbackOf('payment.succeeded'), now);
    expect(paid).toMatchObject({ outcome: 'paid', payOrderNo: 'pr-1', orderNo: 'P1', amount: 29_950 });
    const other = callbackOf('payment_method.activated');
    expect(provider.verifyNotification(other, now)).toBeNull();
    expect(provider.afterPaymentNotification(other, now)).toBeNull();
  });
});
