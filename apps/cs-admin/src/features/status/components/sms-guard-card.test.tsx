import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import {
  ok,
  renderConsole,
  resetSession,
  staffServer,
  staffSession,
} from '../../../testing/console-test.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const status = (sent: number) => ({
  day: '2026-11-25',
  sent,
  budget: 9,
  exhausted: sent >= 9,
  caps: { per_number: 10, per_address: 100, per_prefix: 2000 },
  prefixes: [
    { calling_code: '66', sent: Math.min(sent, 5) },
    { calling_code: '84', sent: Math.max(0, sent - 5) },
  ],
});

/** The staff API stand-in, and /healthz answering that all is well. */
function serve(privileges: string[], sms: ReturnType<typeof status>) {
  const server = staffServer(
    { '/komoe/mng/passport/sms/status': () => ok(sms) },
    staffSession({ privileges: privileges as never, privilege_ids: [] }),
  );
  const staff = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input instanceof Request ? input.url : input).endsWith('/healthz')
        ? Response.json({
            code: 0,
            message: 'ok',
            data: { status: 'up', database: { driver: 'pglite', status: 'up' } },
          })
        : staff(input, init),
    ),
  );
  return server;
}

describe('SMS card on the status page', () => {
  it('shows an administrator today’s count, the caps and the top country codes', async () => {
    serve(['staff.accounts'], status(7));
    await renderConsole('/status');
    const card = (await screen.findByRole('heading', { level: 2, name: admin.smsGuards.title })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(await within(card).findByText(/7 of 9 SMS/)).toBeTruthy();
    expect(within(card).getByText(admin.smsGuards.sending)).toBeTruthy();
    expect(
      within(card).getByText('10 per number, 100 per client address, 2000 per country code'),
    ).toBeTruthy();
    const rows = within(card)
      .getAllByRole('row')
      .map((r) => r.textContent)
      .filter((text) => text?.startsWith('+'));
    expect(rows).toEqual(['+665 / 2000', '+842 / 2000']);
    expect(within(card).queryByText(admin.smsGuards.exhausted)).toBeNull();
  });

  it('says when the budget is spent and sending has stopped', async () => {
    serve(['staff.accounts'], status(9));
    await renderConsole('/status');
    expect(await screen.findByText(admin.smsGuards.exhausted)).toBeTruthy();
    expect(screen.getByText(admin.smsGuards.stopped)).toBeTruthy();
  });

  it('is not shown to staff without the accounts privilege', async () => {
    const server = serve(['tickets.read'], status(1));
    await renderConsole('/status');
    await screen.findAllByText(admin.console.up);
    expect(screen.queryByRole('heading', { name: admin.smsGuards.title })).toBeNull();
    expect(server.requests.map((r) => r.path)).not.toContain('/komoe/mng/passport/sms/status');
  });
});
