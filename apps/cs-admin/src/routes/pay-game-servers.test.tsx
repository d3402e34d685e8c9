import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  gameServerAdminDetail,
  gameServerAdminRotate,
  gameServerAdminSave,
  gameServerAdminSync,
  gameServerAdminTest,
  type GameServerCheckItem,
  type GameServerDetail,
  type GameServerTestResult,
} from '@gp/contracts/game-server-admin';
import { payAdminGameList } from '@gp/contracts/pay-admin';
import { ok, resetSession, staffServer, type Handler } from '../testing/console-test.tsx';
import { bodyOf, fieldRefusal, ops, pathOf, renderOps, sessionWith } from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = ops.gameServer;
const games = [
  {
    game_base_id: 1001,
    game_id: 'sfl_sea',
    game_name: 'Starfall Legends',
    game_icon: '',
    is_open: 1,
    sort: 0,
  },
];

const detail = (overrides: Partial<GameServerDetail> = {}): GameServerDetail => ({
  game_base_id: 1001,
  connection: {
    base_url: 'https://game.studio.example/gp',
    key_id: 'studio-2026a',
    secret_saved_at: '2026-03-01T08:30:00.000Z',
    next_key_id: null,
    next_secret_saved_at: null,
    updated_at: '2026-03-01T08:30:00.000Z',
  },
  source: 'saved',
  http_allowed: 0,
  health: null,
  unavailable: null,
  servers: [
    {
      cp_server_id: 'sfl-s1',
      server_name: 'Aurora',
      is_online: 1,
      is_maintenance: 0,
      reported_maintenance: 1,
      reported_at: '2026-03-01T09:00:00.000Z',
    },
  ],
  ...overrides,
});

const check = (item: Partial<GameServerCheckItem> & Pick<GameServerCheckItem, 'check'>) => ({
  status: 'pass' as const,
  reason: null,
  params: {},
  ...item,
});

const failedResult: GameServerTestResult = {
  target: 'draft',
  ok: 0,
  ran_at: '2026-03-01T10:00:00.000Z',
  checks: [
    check({ check: 'connect', params: { status: 401 } }),
    check({
      check: 'signature_request',
      status: 'fail',
      reason: 'refused_signature',
      params: { error: 'bad_signature' },
    }),
    check({ check: 'signature_answer', status: 'fail', reason: 'unsigned_answer' }),
    check({
      check: 'server_list',
      status: 'skip',
      reason: 'needs_earlier',
      params: { check: 'signature_request' },
    }),
  ],
};

function serve(handlers: Record<string, Handler> = {}, initial: GameServerDetail = detail()) {
  return staffServer(
    {
      [pathOf(payAdminGameList)]: () => ok(games),
      [pathOf(gameServerAdminDetail)]: () => ok(initial),
      ...handlers,
    },
    sessionWith('catalog'),
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

describe('the connection form', () => {
  it('shows a saved connection without its secret, only when the secret was saved', async () => {
    serve();
    await renderOps('/pay/game-servers?game=1001');
    expect(await screen.findByDisplayValue('https://game.studio.example/gp')).toBeTruthy();
    expect((field(text.connection.keyId) as HTMLInputElement).value).toBe('studio-2026a');
    expect((field(text.connection.secret) as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/^Set, saved .*Leave empty to keep it\.$/)).toBeTruthy();
    expect(screen.getByText(text.source.saved)).toBeTruthy();
  });

  it('saves: a typed secret is sent once and the field emptied; an empty one is left out (kept)', async () => {
    const server = serve({ [pathOf(gameServerAdminSave)]: () => ok(detail()) });
    await renderOps('/pay/game-servers?game=1001');
    await screen.findByDisplayValue('https://game.studio.example/gp');
    fireEvent.change(field(text.connection.secret), { target: { value: 's'.repeat(40) } });
    fireEvent.click(screen.getByRole('button', { name: text.connection.save }));
    await waitFor(() => expect(server.to(pathOf(gameServerAdminSave))).toHaveLength(1));
    expect(bodyOf(server.to(pathOf(gameServerAdminSave))[0])).toMatchObject({
      game_base_id: 1001,
      base_url: 'https://game.studio.example/gp',
      key_id: 'studio-2026a',
      secret: 's'.repeat(40),
      next_key_id: '',
    });
    await waitFor(() => expect((field(text.connection.secret) as HTMLInputElement).value).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: text.connection.save }));
    await waitFor(() => expect(server.to(pathOf(gameServerAdminSave))).toHaveLength(2));
    expect(bodyOf(server.to(pathOf(gameServerAdminSave))[1])).not.toHaveProperty('secret');
  });

  it('checks the fields before sending, and puts a refusal at its field keeping what was typed', async () => {
    const server = serve({
      [pathOf(gameServerAdminSave)]: () => fieldRefusal(['base_url', 'https_required']),
    });
    await renderOps('/pay/game-servers?game=1001');
    await screen.findByDisplayValue('https://game.studio.example/gp');
    fireEvent.change(field(text.connection.secret), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: text.connection.save }));
    expect(await screen.findByText(text.error.secret)).toBeTruthy();
    expect(server.to(pathOf(gameServerAdminSave))).toHaveLength(0);

    fireEvent.change(field(text.connection.secret), { target: { value: 'k'.repeat(40) } });
    fireEvent.change(field(text.connection.baseUrl), { target: { value: 'http://game.studio.example/gp' } });
    fireEvent.click(screen.getByRole('button', { name: text.connection.save }));
    expect(await screen.findByText(text.error.httpsRequired)).toBeTruthy();
    expect((field(text.connection.baseUrl) as HTMLInputElement).value).toBe('http://game.studio.example/gp');
    expect((field(text.connection.secret) as HTMLInputElement).value).toBe('k'.repeat(40));
  });

  it('tests the saved connection when nothing changed, and the typed values (with the test player) when they did', async () => {
    const server = serve({
      [pathOf(gameServerAdminTest)]: ({ body }) =>
        ok({
          ...failedResult,
          target: (body as { base_url?: string }).base_url ? 'draft' : 'saved',
          ok: 1,
          checks: [check({ check: 'connect', params: { status: 200 } })],
        }),
    });
    await renderOps('/pay/game-servers?game=1001');
    await screen.findByDisplayValue('https://game.studio.example/gp');
    fireEvent.change(field(text.test.testMid), { target: { value: '9301' } });
    fireEvent.click(screen.getByRole('button', { name: text.test.run }));
    await waitFor(() => expect(server.to(pathOf(gameServerAdminTest))).toHaveLength(1));
    const saved = bodyOf(server.to(pathOf(gameServerAdminTest))[0]);
    expect(saved).toEqual({ game_base_id: 1001, test_mid: 9301 });
    fireEvent.change(field(text.connection.secret), { target: { value: 'w'.repeat(40) } });
    fireEvent.click(await screen.findByRole('button', { name: text.test.run }));
    await waitFor(() => expect(server.to(pathOf(gameServerAdminTest))).toHaveLength(2));
    expect(bodyOf(server.to(pathOf(gameServerAdminTest))[1])).toMatchObject({
      base_url: 'https://game.studio.example/gp',
      key_id: 'studio-2026a',
      secret: 'w'.repeat(40),
    });
    expect(await screen.findByText(text.test.draft)).toBeTruthy();
  });

  it('switches to the second key when there is one', async () => {
    const withNext = detail({
      connection: {
        ...detail().connection!,
        next_key_id: 'studio-2026b',
        next_secret_saved_at: '2026-03-02T08:30:00.000Z',
      },
    });
    const server = serve(
      {
        [pathOf(gameServerAdminRotate)]: () =>
          ok(
            detail({
              connection: { ...withNext.connection!, key_id: 'studio-2026b', next_key_id: 'studio-2026a' },
            }),
          ),
      },
      withNext,
    );
    await renderOps('/pay/game-servers?game=1001');
    fireEvent.click(await screen.findByRole('button', { name: text.connection.rotate }));
    await waitFor(() => expect(server.to(pathOf(gameServerAdminRotate))).toHaveLength(1));
    await waitFor(() =>
      expect((field(text.connection.keyId) as HTMLInputElement).value).toBe('studio-2026b'),
    );
  });
});

describe('the check results', () => {
  it('lists each check with its status and the reason in words, a wrong secret failing the signature check', async () => {
    serve({ [pathOf(gameServerAdminTest)]: () => ok(failedResult) });
    await renderOps('/pay/game-servers?game=1001');
    await screen.findByDisplayValue('https://game.studio.example/gp');
    fireEvent.change(field(text.connection.secret), { target: { value: 'w'.repeat(40) } });
    fireEvent.click(screen.getByRole('button', { name: text.test.run }));
    const results = await screen.findByRole('region', { name: text.test.results });
    expect(screen.getByText('2 checks failed.')).toBeTruthy();
    const signature = within(results).getByText(text.check.signature_request).closest('li')!;
    expect(signature.getAttribute('data-status')).toBe('fail');
    expect(within(signature).getByText(text.status.fail)).toBeTruthy();
    expect(
      within(signature).getByText(
        "The game server refused our signature (bad_signature). The key ID or secret does not match the studio's.",
      ),
    ).toBeTruthy();
    const list = within(results).getByText(text.check.server_list).closest('li')!;
    expect(within(list).getByText(text.status.skip)).toBeTruthy();
    expect(within(list).getByText(`Not run: “${text.check.signature_request}” did not pass.`)).toBeTruthy();
    const connect = within(results).getByText(text.check.connect).closest('li')!;
    expect(within(connect).getByText('Answered with HTTP 401.')).toBeTruthy();
  });

  it('says all checks passed', async () => {
    serve({
      [pathOf(gameServerAdminTest)]: () =>
        ok({
          ...failedResult,
          target: 'saved',
          ok: 1,
          checks: [check({ check: 'clock', params: { seconds: 2 } })],
        }),
    });
    await renderOps('/pay/game-servers?game=1001');
    fireEvent.click(await screen.findByRole('button', { name: text.test.run }));
    expect(await screen.findByText(text.test.allPassed)).toBeTruthy();
    expect(screen.getByText('2 s apart (up to 300 s is accepted).')).toBeTruthy();
  });
});

describe('servers and health', () => {
  it('shows reported maintenance, why players cannot top up, and syncs on demand', async () => {
    const server = serve(
      {
        [pathOf(gameServerAdminSync)]: () =>
          ok({
            ok: 1,
            synced_at: '2026-03-01T11:00:00.000Z',
            failed: null,
            reason: null,
            params: {},
            added: 2,
            went_offline: 1,
            detail: detail(),
          }),
      },
      detail({
        unavailable: 'check_failed',
        health: {
          checked_at: '2026-03-01T10:00:00.000Z',
          check_ok: 0,
          check_failed: 'signature_request',
          synced_at: null,
          sync_ok: null,
          sync_failed: null,
          servers_listed: null,
          servers_maintenance: null,
        },
      }),
    );
    await renderOps('/pay/game-servers?game=1001');
    expect(await screen.findByText(text.unavailable.check_failed)).toBeTruthy();
    expect(screen.getByText(`Failed: ${text.check.signature_request}`)).toBeTruthy();
    const table = screen.getByRole('table', { name: text.servers.title });
    expect(within(table).getByText('Aurora')).toBeTruthy();
    expect(within(table).getByText(text.servers.reportedMaintenance)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text.servers.sync }));
    expect(await screen.findByText('Servers synced: 2 new, 1 taken offline.')).toBeTruthy();
    expect(server.to(pathOf(gameServerAdminSync))).toHaveLength(1);
  });
});
