/**
 * Top-up from the player's side: where the pay screens of each form and variant live, and who can be topped up
 * (the simulated game server gives every member their own characters, so a journey asks the API which of the
 * member's characters it can top up rather than guessing).
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { fetchGames } from './api.ts';
import { API, PAY } from './hosts.ts';
import { captchaAnswer, csrfToken, newMember } from './member.ts';

/** The start and history pages of the desktop wizard and of the two H5 variants (spec 7). */
export interface TopupPlace {
  h5: boolean;
  home: string;
  history: string;
}
export const desktopTopup: TopupPlace = {
  h5: false,
  home: `${PAY}/paygame/`,
  history: `${PAY}/paygame_history/`,
};
/** H5, regional web pay. */
export const payH5: TopupPlace = { h5: true, home: `${PAY}/pay_h5`, history: `${PAY}/pay_h5/pg_record` };
/** H5, the second pay variant. */
export const paysH5: TopupPlace = { h5: true, home: `${PAY}/pays_h5`, history: `${PAY}/pays_h5/pg_record` };

interface ServerItem {
  cp_server_id: string;
  server_name: string;
  is_maintenance: number;
  role_list: { cp_role_id: string; role_name: string; can_recharge: number }[];
}

export interface Recipient {
  server: string;
  character: string;
  /** The ids the game server knows them by. */
  cpServerId: string;
  cpRoleId: string;
}

/**
 * A server (not under maintenance) and a character on it that can be topped up, of the logged-in member of
 * `request`'s context, in English: what the wizard must offer that member. Undefined when there is none: the
 * simulator may put a member's only characters on the server under maintenance (about one member in 27 in
 * Lotus Blade).
 */
export async function rechargeableCharacter(
  request: APIRequestContext,
  gameBaseId: number,
): Promise<Recipient | undefined> {
  const response = await request.get(`${API}/pay/api/web/pay/user/role_list`, {
    params: { game_base_id: gameBaseId, lang: 'en', ct: await csrfToken(request) },
  });
  expect(response.ok(), `role_list answered HTTP ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; data: ServerItem[] };
  expect(body.code, 'envelope code of role_list').toBe(0);
  for (const server of body.data) {
    if (server.is_maintenance === 1) continue;
    // Names are random: one that shows twice on the server could not be told apart by name. Other servers do
    // not matter, the wizard shows the characters of the chosen server only.
    const role = server.role_list.find(
      (r) => r.can_recharge === 1 && server.role_list.filter((o) => o.role_name === r.role_name).length === 1,
    );
    if (role)
      return {
        server: server.server_name,
        character: role.role_name,
        cpServerId: server.cp_server_id,
        cpRoleId: role.cp_role_id,
      };
  }
  return undefined;
}

/**
 * Sets (`on`) or clears a switch of the built-in game server for one character, through its dev console
 * (`/dev/game-sim`, never in production): e.g. `cannot_recharge`, a character locked in the game.
 */
export async function gameServerSwitch(
  request: APIRequestContext,
  kind: 'cannot_recharge' | 'delivery_fails',
  target: { gameBaseId: number; mid: number; recipient: Recipient },
  on: boolean,
): Promise<void> {
  const response = await request.post(`${API}/dev/game-sim/switch${on ? '' : '/clear'}`, {
    data: {
      kind,
      game_base_id: target.gameBaseId,
      mid: target.mid,
      cp_server_id: target.recipient.cpServerId,
      cp_role_id: target.recipient.cpRoleId,
    },
  });
  expect(response.ok(), `the game-server switch answered HTTP ${response.status()}`).toBe(true);
}

/** The credit the game server received for a character: one row per order number it was delivered for. */
export async function creditReceived(
  request: APIRequestContext,
  gameBaseId: number,
  recipient: Recipient,
): Promise<{ order_no: string; credit_amount: number }[]> {
  const response = await request.get(`${API}/dev/game-sim/deliveries`, {
    params: { game_base_id: gameBaseId, cp_server_id: recipient.cpServerId, cp_role_id: recipient.cpRoleId },
  });
  expect(response.ok(), `the game-server deliveries answered HTTP ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: { order_no: string; credit_amount: number }[] }).data;
}

const webpay = `${API}/pay/api/komoe/webpay`;
/** The distribution region of this site's regional web pay (packages/config site.distributionRegion). */
const distributionRegion = 5;

async function payData<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.ok(), `${what} answered HTTP ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; message?: string; data: T };
  expect(body.code, `envelope code of ${what} (${body.message ?? ''})`).toBe(0);
  return body.data;
}

export interface PayGame {
  game_base_id: number;
  game_id: string;
  game_name: string;
}

/** The games of the regional web pay, in `lang`. */
export async function payGames(request: APIRequestContext, lang: string): Promise<PayGame[]> {
  return payData(
    await request.get(`${webpay}/game_list`, { params: { distribution_region: distributionRegion, lang } }),
    'game_list',
  );
}

export interface PricedItem {
  currency: string;
  pay_mode: number;
  payment_type: string;
  product_id: string;
  product_name: string;
  product_price: number;
  /** The names of every item on sale in this currency and payment method. */
  names: string[];
}

/**
 * The dearest item of every currency `game` sells in (its longest price), with the first payment method that
 * sells it, names in `lang`: what the wizard offers last in each currency.
 */
export async function dearestItems(
  request: APIRequestContext,
  game: PayGame,
  lang: string,
): Promise<PricedItem[]> {
  const currencies = await payData<{ currency: string }[]>(
    await request.get(`${webpay}/currency_list`, {
      params: { distribution_region: distributionRegion, game_id: game.game_id, lang },
    }),
    'currency_list',
  );
  const items: PricedItem[] = [];
  for (const { currency } of currencies) {
    const [channel] = await payData<{ pay_mode: number; payment_type: string }[]>(
      await request.get(`${webpay}/channel_list`, {
        params: { distribution_region: distributionRegion, game_base_id: game.game_base_id, currency, lang },
      }),
      'channel_list',
    );
    expect(channel, `${game.game_name} has a payment method for ${currency}`).toBeDefined();
    const products = await payData<Omit<PricedItem, 'currency' | 'pay_mode' | 'payment_type' | 'names'>[]>(
      await request.get(`${webpay}/product_list`, {
        params: {
          distribution_region: distributionRegion,
          game_id: game.game_id,
          currency,
          pay_mode: channel!.pay_mode,
          lang,
        },
      }),
      'product_list',
    );
    const dearest = products.reduce((a, b) => (b.product_price > a.product_price ? b : a));
    items.push({
      ...dearest,
      currency,
      pay_mode: channel!.pay_mode,
      payment_type: channel!.payment_type,
      names: products.map((p) => p.product_name),
    });
  }
  return items;
}

export interface PlacedOrder {
  order_no: string;
  pay_order_no: string;
  pay_url: string;
}

/**
 * Orders `item` for `recipient` through the regional web pay as the wizard's confirm step does (a fresh captcha
 * answered with the e2e server's fixed answer), in `lang`: the order keeps its names in that language.
 */
export async function placeOrder(
  request: APIRequestContext,
  game: PayGame,
  recipient: Recipient,
  item: PricedItem,
  lang: string,
): Promise<PlacedOrder> {
  const ct = await csrfToken(request);
  const { captcha_token } = await payData<{ captcha_token: string }>(
    await request.get(`${API}/pay/api/web/pay/get_captcha`, { params: { lang, ct } }),
    'get_captcha',
  );
  return payData(
    await request.post(`${webpay}/add_order`, {
      params: { lang, ct },
      form: {
        distribution_region: distributionRegion,
        game_base_id: game.game_base_id,
        game_id: game.game_id,
        cp_server_id: recipient.cpServerId,
        cp_role_id: recipient.cpRoleId,
        product_id: item.product_id,
        product_name: item.product_name,
        product_price: item.product_price,
        currency: item.currency,
        pay_mode: item.pay_mode,
        payment_type: item.payment_type,
        captcha_token,
        captcha_code: captchaAnswer,
        idempotency_key: randomUUID(),
      },
    }),
    `add_order ${item.currency}`,
  );
}

/** Pays an order in the sandbox checkout, as its "Pay now" button does. */
export async function payInSandbox(request: APIRequestContext, order: PlacedOrder): Promise<void> {
  const response = await request.post(new URL(order.pay_url, API).href, { form: { action: 'pay' } });
  expect(response.ok(), `the sandbox checkout answered HTTP ${response.status()}`).toBe(true);
}

/** A fresh member, logged in on `page`, with a character to top up in the demo game named `gameName`. */
export async function memberWithCharacter(
  page: Page,
  gameName: string,
  tag: string,
): Promise<Recipient & { gameBaseId: number }> {
  const found = (await fetchGames(page.request)).find((g) => g.game_name === gameName);
  expect(found, `${gameName} is a demo game`).toBeDefined();
  for (let attempt = 1; ; attempt++) {
    await newMember(page.request, tag);
    const recipient = await rechargeableCharacter(page.request, found!.game_base_id);
    if (recipient) return { ...recipient, gameBaseId: found!.game_base_id };
    expect(attempt, `${attempt} new members had no character to top up in ${gameName}`).toBeLessThan(5);
  }
}

/** Chooses a choice card by its label (it covers the whole card), found by the radio's accessible name. */
export async function chooseCard(radio: Locator): Promise<void> {
  const id = await radio.getAttribute('id');
  await radio.page().locator(`label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
}
