import { afterEach, describe, expect, it, vi } from 'vitest';
import { readDraft, updateDraft, withGame } from './draft.ts';

const game = { game_base_id: 2, game_id: 'g2', game_name: 'Lotus Blade', game_icon: '' };

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the draft', () => {
  it("is kept in the tab's storage in the browser", () => {
    updateDraft('webpay', (d) => withGame(d, game));
    expect(readDraft('webpay').game?.game_name).toBe('Lotus Blade');
    expect(JSON.parse(sessionStorage.getItem('gp.pay.draft:webpay') ?? '{}')).toMatchObject({ game });
  });

  it('is kept nowhere on the server, which renders for every visitor', () => {
    vi.stubGlobal('window', undefined);
    const changed = updateDraft('webpay', (d) => withGame(d, game));
    // The caller gets the change; the next reader (another visitor's page) does not.
    expect(changed.game?.game_name).toBe('Lotus Blade');
    expect(readDraft('webpay')).toEqual({});
  });
});
