/**
 * The wizard's choices (game, server, character, currency, payment method, item, rules accepted, the captcha and
 * the order attempt's idempotency key), kept in sessionStorage per pay variant so that a reload, a trip to the
 * login page, the H5 steps and an error on the way lose nothing the player chose. Read with `useDraft`, changed
 * with `updateDraft`; every screen of the same variant sees the same draft.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { payModes, type PayMode, type PayProductItem } from '@gp/contracts/pay';
import type { VariantId } from './variant.ts';
import { readRaw, writeJson } from './storage.ts';

export interface DraftGame {
  game_base_id: number;
  game_id: string;
  game_name: string;
  game_icon: string;
}
export interface DraftServer {
  cp_server_id: string;
  server_name: string;
}
export interface DraftRole {
  cp_role_id: string;
  role_name: string;
  level: number;
}
export interface DraftCurrency {
  currency: string;
  exponent: number;
}
export interface DraftChannel {
  pay_mode: PayMode;
  payment_type: string;
  channel_name: string;
  /** Paid from our page (a QR code, an account number): the confirm step opens no window. */
  pays_on_page?: boolean;
}
export interface DraftCaptcha {
  token: string;
  /** The picture (an SVG data URL), kept so going back to edit shows the same one. */
  image: string;
  code: string;
  /** Epoch ms after which the server no longer takes it. */
  expiresAt: number;
}

export interface TopupDraft {
  game?: DraftGame;
  server?: DraftServer;
  role?: DraftRole;
  currency?: DraftCurrency;
  channel?: DraftChannel;
  product?: PayProductItem;
  agreed?: boolean;
  captcha?: DraftCaptcha;
  /** Made when the player presses "Pay now"; a retried or double-clicked confirm sends the same one. */
  attemptKey?: string;
}

const storageKey = (variant: VariantId) => `gp.pay.draft:${variant}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): v is string => typeof v === 'string';
const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Keeps only well-formed parts of what storage held (another version of the page may have written it). */
export function sanitizeDraft(value: unknown): TopupDraft {
  if (!isObject(value)) return {};
  const draft: TopupDraft = {};
  const { game, server, role, currency, channel, product, agreed, captcha, attemptKey } = value;
  if (isObject(game) && int(game.game_base_id) && str(game.game_id) && str(game.game_name))
    draft.game = {
      game_base_id: game.game_base_id,
      game_id: game.game_id,
      game_name: game.game_name,
      game_icon: str(game.game_icon) ? game.game_icon : '',
    };
  if (isObject(server) && str(server.cp_server_id) && str(server.server_name))
    draft.server = { cp_server_id: server.cp_server_id, server_name: server.server_name };
  if (isObject(role) && str(role.cp_role_id) && str(role.role_name))
    draft.role = {
      cp_role_id: role.cp_role_id,
      role_name: role.role_name,
      level: int(role.level) ? role.level : 0,
    };
  if (isObject(currency) && str(currency.currency) && int(currency.exponent))
    draft.currency = { currency: currency.currency, exponent: currency.exponent };
  if (
    isObject(channel) &&
    (payModes as readonly unknown[]).includes(channel.pay_mode) &&
    str(channel.payment_type) &&
    str(channel.channel_name)
  )
    draft.channel = {
      pay_mode: channel.pay_mode as PayMode,
      payment_type: channel.payment_type,
      channel_name: channel.channel_name,
      ...(channel.pays_on_page === true ? { pays_on_page: true } : {}),
    };
  if (
    isObject(product) &&
    str(product.product_id) &&
    str(product.product_name) &&
    int(product.product_price) &&
    str(product.currency) &&
    int(product.exponent) &&
    (payModes as readonly unknown[]).includes(product.pay_mode)
  )
    draft.product = {
      product_id: product.product_id,
      product_name: product.product_name,
      product_price: product.product_price,
      currency: product.currency,
      exponent: product.exponent,
      pay_mode: product.pay_mode as PayMode,
      marketing_desc_1: str(product.marketing_desc_1) ? product.marketing_desc_1 : '',
      marketing_desc_2: str(product.marketing_desc_2) ? product.marketing_desc_2 : '',
      // A draft kept before items had pictures has none.
      product_image: str(product.product_image) ? product.product_image : '',
    };
  if (agreed === true) draft.agreed = true;
  if (
    isObject(captcha) &&
    str(captcha.token) &&
    str(captcha.image) &&
    str(captcha.code) &&
    int(captcha.expiresAt)
  )
    draft.captcha = {
      token: captcha.token,
      image: captcha.image,
      code: captcha.code,
      expiresAt: captcha.expiresAt,
    };
  if (str(attemptKey) && attemptKey.length >= 16) draft.attemptKey = attemptKey;
  return draft;
}

/**
 * The draft a page is rendered with where there is no tab to keep one: on the server, and in the browser while it
 * adopts the server's markup (useDraft's server snapshot), so both draw the same first screen. The tab's own draft
 * follows right after the takeover.
 */
const serverDraft: TopupDraft = Object.freeze({});
const inBrowser = () => typeof window !== 'undefined';

const listeners = new Set<() => void>();
const snapshots = new Map<VariantId, { raw: string | null; draft: TopupDraft }>();

/** The draft as stored now; the same object while storage holds the same text (useSyncExternalStore needs that). */
export function readDraft(variant: VariantId): TopupDraft {
  if (!inBrowser()) return serverDraft;
  const raw = readRaw(storageKey(variant));
  const cached = snapshots.get(variant);
  if (cached && cached.raw === raw) return cached.draft;
  let parsed: unknown;
  try {
    parsed = raw === null ? undefined : JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const draft = sanitizeDraft(parsed);
  snapshots.set(variant, { raw, draft });
  return draft;
}

export function updateDraft(variant: VariantId, change: (draft: TopupDraft) => TopupDraft): TopupDraft {
  // One server renders for every visitor: a choice kept in its memory would show in the next visitor's page.
  if (!inBrowser()) return change(serverDraft);
  const next = change(readDraft(variant));
  writeJson(storageKey(variant), next);
  // Storage may refuse; the page goes on with the choice in memory.
  snapshots.set(variant, { raw: readRaw(storageKey(variant)), draft: next });
  for (const listener of listeners) listener();
  return next;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The draft of a variant and a function that changes it. */
export function useDraft(
  variant: VariantId,
): [TopupDraft, (change: (draft: TopupDraft) => TopupDraft) => void] {
  const draft = useSyncExternalStore(
    subscribe,
    () => readDraft(variant),
    () => serverDraft,
  );
  const update = useCallback(
    (change: (draft: TopupDraft) => TopupDraft) => void updateDraft(variant, change),
    [variant],
  );
  return [draft, update];
}

/** A fresh idempotency key for one order attempt (16-64 characters, contract). */
export function newAttemptKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Everything an order needs is chosen (the confirm step checks this before it shows). */
export function isComplete(draft: TopupDraft): boolean {
  return !!(
    draft.game &&
    draft.server &&
    draft.role &&
    draft.currency &&
    draft.channel &&
    draft.product &&
    draft.agreed &&
    draft.captcha?.code &&
    draft.attemptKey
  );
}

/** The draft's copy of a game (names in the page language at the time of choosing). */
export function draftGameOf(game: DraftGame): DraftGame {
  return {
    game_base_id: game.game_base_id,
    game_id: game.game_id,
    game_name: game.game_name,
    game_icon: game.game_icon,
  };
}

/** Choosing another game forgets the choices that belonged to the old one. */
export function withGame(draft: TopupDraft, game: DraftGame): TopupDraft {
  if (draft.game?.game_base_id === game.game_base_id) return { ...draft, game: draftGameOf(game) };
  return {
    ...draft,
    game: draftGameOf(game),
    server: undefined,
    role: undefined,
    channel: undefined,
    product: undefined,
  };
}
