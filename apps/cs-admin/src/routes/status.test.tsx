import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import errors from '@gp/i18n/locales/en/errors.json';
import { renderConsole, resetSession, staffServer, staffSession } from '../testing/console-test.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The staff API stand-in for the session, and `health` for the API's /healthz. */
function serve(health: () => Promise<Response>) {
  staffServer({}, staffSession({ privileges: [], privilege_ids: [] }));
  const staff = globalThis.fetch;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input instanceof Request ? input.url : input).endsWith('/healthz') ? health() : staff(input, init),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('status page', () => {
  it('shows the API and database state the API reports', async () => {
    const fetch = serve(async () =>
      Response.json({
        code: 0,
        message: 'ok',
        data: { status: 'up', database: { driver: 'postgres', status: 'up', latency_ms: 1.5 } },
      }),
    );
    await renderConsole('/status');
    expect(await screen.findAllByText('Running')).toHaveLength(2);
    expect(screen.getByText(/Response time: 1.5 ms/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('http://localhost:8090/healthz', { cache: 'no-store' });
  });

  it('says the service cannot be reached when no API host answers', async () => {
    serve(async () => Promise.reject(new TypeError('Failed to fetch')));
    await renderConsole('/status');
    expect(await screen.findByText(errors.common.network)).toBeTruthy();
  });
});
