/**
 * A small top-up world for the screen tests: two games, servers with every blocked case, THB and VND prices,
 * and an in-memory order engine whose state a test moves along (paid, delivered, failed...).
 */
import { vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import {
  payAddPayOrder,
  payChannelList,
  payGameList,
  payGetCaptcha,
  payOrderDetail,
  payOrderHistory,
  payOrderResult,
  payProductList,
  payRoleList,
  paySwitch,
  statusOfState,
  webpayAddOrder,
  webpayChannelList,
  webpayCurrencyList,
  webpayGameList,
  webpayOrderDetail,
  webpayOrderHistory,
  webpayOrderResult,
  webpayProductList,
  webpayRoleList,
  webpaySwitch,
  type OrderState,
  type PayChannelItem,
  type PayOrderCreated,
  type PayOrderItem,
  type PayOrderTracked,
  type PayProductItem,
  type PayServerItem,
} from '@gp/contracts/pay';
import { userInfo } from '@gp/contracts/passport';

export const member = { mid: 7, user_id: 'u7', nick_name: 'Mali', nickName: 'Mali', loginType: 0 };

export const games = [
  {
    game_base_id: 1,
    game_id: 'sfl_sea',
    game_name: 'Starfall Legends',
    game_icon: 'http://localhost:8090/upload/sfl.svg',
  },
  {
    game_base_id: 2,
    game_id: 'ltb_sea',
    game_name: 'Lotus Blade',
    game_icon: 'http://localhost:8090/upload/ltb.svg',
  },
];

export const servers: PayServerItem[] = [
  {
    cp_server_id: '2001',
    server_name: 'Jade Peak',
    is_maintenance: 0,
    role_list: [
      { cp_role_id: 'r-mei', role_name: 'Mei', level: 42, can_recharge: 1 },
      { cp_role_id: 'r-old', role_name: 'Old Alt', level: 3, can_recharge: 0 },
    ],
  },
  { cp_server_id: '2002', server_name: 'Lotus Pond', is_maintenance: 0, role_list: [] },
  {
    cp_server_id: '2003',
    server_name: 'Crane Valley',
    is_maintenance: 1,
    role_list: [{ cp_role_id: 'r-crane', role_name: 'Crane', level: 10, can_recharge: 1 }],
  },
];

export const currencies = [
  { currency: 'THB', exponent: 2 },
  { currency: 'VND', exponent: 0 },
];

const noLimits = { min_amount: null, max_amount: null };

export const channels: PayChannelItem[] = [
  { pay_mode: 108, payment_type: 'promptpay', channel_name: 'PromptPay', currency: 'THB', ...noLimits },
  { pay_mode: 107, payment_type: 'razer_gold', channel_name: 'Razer Gold', currency: 'THB', ...noLimits },
  // Takes ฿50.00 to ฿200.00 an order: only the 300 Jade pack (฿179.00) of its mode.
  {
    pay_mode: 108,
    payment_type: 'truemoney',
    channel_name: 'TrueMoney Wallet',
    currency: 'THB',
    min_amount: 5000,
    max_amount: 20000,
  },
  { pay_mode: 108, payment_type: 'momo', channel_name: 'MoMo e-wallet', currency: 'VND', ...noLimits },
];

/** The picture staff gave the 980 pack (a public media URL of the API). */
export const itemPicture = 'http://localhost:8090/upload/media/0123456789abcdef0123456789abcdef.png';

const product = (
  size: number,
  price: number,
  currency: string,
  exponent: number,
  payMode: 107 | 108,
  tag = '',
): PayProductItem => ({
  product_id: `ltb_sea.gem_${size}`,
  product_name: `${size} Jade`,
  product_price: price,
  currency,
  exponent,
  pay_mode: payMode,
  marketing_desc_1: tag,
  marketing_desc_2: size > 60 ? `+${size / 10} bonus` : '',
  // Only the popular pack has a picture: the cards show both cases.
  product_image: size === 980 ? itemPicture : '',
});

export const products: PayProductItem[] = [
  product(60, 3500, 'THB', 2, 108),
  product(300, 17900, 'THB', 2, 108),
  product(980, 54900, 'THB', 2, 108, 'Most popular'),
  product(60, 3500, 'THB', 2, 107),
  product(60, 23000, 'VND', 0, 108),
  product(300, 119000, 'VND', 0, 108),
];

export const captchaImage = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E';

export function orderItem(state: OrderState, overrides: Partial<PayOrderItem> = {}): PayOrderItem {
  return {
    order_no: 'GP20260101000001',
    pay_order_no: 'SBX-0001',
    game_base_id: 2,
    game_id: 'ltb_sea',
    game_name: 'Lotus Blade',
    cp_server_id: '2001',
    server_name: 'Jade Peak',
    cp_role_id: 'r-mei',
    role_name: 'Mei',
    product_id: 'ltb_sea.gem_300',
    product_name: '300 Jade',
    product_price: 17900,
    currency: 'THB',
    exponent: 2,
    pay_mode: 108,
    payment_type: 'promptpay',
    channel_name: 'PromptPay',
    state,
    status: statusOfState(state),
    reason_code: null,
    created_at: '2026-01-01T03:00:00.000Z',
    pay_time: state === 'created' || state === 'awaiting_payment' ? null : '2026-01-01T03:02:00.000Z',
    delivered_at: state === 'delivered' ? '2026-01-01T03:03:00.000Z' : null,
    refund_reason: state === 'refunded' ? 'player_request' : null,
    refunded_at: state === 'refunded' ? '2026-01-02T09:00:00.000Z' : null,
    ...overrides,
  };
}

export const created = {
  order_no: 'GP20260101000001',
  pay_order_no: 'SBX-0001',
  pay_url: 'http://localhost:8090/pay/sandbox/checkout/SBX-0001',
  expires_in: 1800,
};

/** An order the player pays from our page or in a wallet's app, and what order_detail answers while it waits. */
export interface OnPageOrder {
  created: PayOrderCreated;
  order: PayOrderItem & Pick<PayOrderTracked, 'pay_instructions' | 'app_url'>;
}

function onPage(created: PayOrderCreated, overrides: Partial<PayOrderItem>): OnPageOrder {
  const { pay_instructions, app_url } = created;
  return {
    created,
    order: {
      ...orderItem('awaiting_payment', { pay_order_no: created.pay_order_no, ...overrides }),
      ...(pay_instructions ? { pay_instructions } : {}),
      ...(app_url ? { app_url } : {}),
    },
  };
}

/** An EMVCo-shaped QR payload, the amount inside (as the Xendit test server makes them). */
export const qrPayload =
  '00020101021226570011ID.CO.QRIS.WWW0215ID1020017611470303UMI520458125303360540716000005802ID5913JoyPeak Games6007Jakarta6304B1C2';

/** PromptPay (THB, the wizard's first method) answered with a QR code: no checkout page. */
export const promptPayQr = onPage(
  {
    order_no: created.order_no,
    pay_order_no: 'pi_qr_0001',
    pay_url: '',
    pay_instructions: { kind: 'qr', qr_string: qrPayload },
    expires_in: 1800,
  },
  {},
);

const rupiah = {
  product_id: 'sfl_sea.gem_60',
  product_name: '60 Stardust',
  product_price: 1600000,
  currency: 'IDR',
  exponent: 2,
};

/** QRIS (IDR) through Xendit: a QR code, Rp 16,000 inside it. */
export const qris = onPage(
  {
    order_no: created.order_no,
    pay_order_no: 'pr-qris-0001',
    pay_url: '',
    pay_instructions: { kind: 'qr', qr_string: qrPayload },
    expires_in: 1800,
  },
  { ...rupiah, payment_type: 'qris', channel_name: 'QRIS' },
);

/** BCA Virtual Account (IDR) through Xendit: an account number to transfer Rp 16,000 to. */
export const bcaVa = onPage(
  {
    order_no: created.order_no,
    pay_order_no: 'pr-bca-0001',
    pay_url: '',
    pay_instructions: { kind: 'bank_transfer', bank: 'BCA', account_number: '8808123456789012' },
    expires_in: 1800,
  },
  { ...rupiah, payment_type: 'bca_va', channel_name: 'BCA Virtual Account' },
);

/** GCash (PHP) through Xendit: the wallet's page, and on a phone its app. */
export const gcash = onPage(
  {
    order_no: created.order_no,
    pay_order_no: 'pr-gcash-0001',
    pay_url: 'http://127.0.0.1:8097/wallet/pr-gcash-0001',
    app_url: 'gcash://pay?request=pr-gcash-0001',
    expires_in: 1800,
  },
  { product_price: 27900, currency: 'PHP', payment_type: 'gcash', channel_name: 'GCash' },
);

/**
 * A world the tests change: `state.order` is what order_detail answers; `state.result` what order_result does
 * (an order state, or an error code); `state.addOrder` what add_order does.
 */
export function topupWorld() {
  const state = {
    loggedIn: true,
    open: 1 as 0 | 1,
    servers,
    roleError: undefined as number | undefined,
    order: orderItem('awaiting_payment') as OnPageOrder['order'],
    result: 'awaiting_payment' as OrderState | number | Error,
    addOrder: (() => created) as () => unknown,
    history: { list: [] as PayOrderItem[], total: 0, page_num: 1, page_size: 10 },
    captchas: 0,
  };
  const roles = () => {
    if (!state.loggedIn) throw new ApiError(-101, 'pay', 200);
    if (state.roleError !== undefined) throw new ApiError(state.roleError, 'pay', 200);
    return state.servers;
  };
  const result = () => {
    const r = state.result;
    if (r instanceof Error) throw r;
    if (typeof r === 'number') throw new ApiError(r, 'pay', 200);
    state.order = { ...state.order, ...orderItem(r) };
    return state.order;
  };
  const captcha = () => {
    state.captchas += 1;
    return { captcha_token: `cap-${state.captchas}`, image: captchaImage, expires_in: 120 };
  };
  const forChannel = (input: unknown) => {
    const { currency, pay_mode } = input as { currency: string; pay_mode: number };
    return products.filter((p) => p.currency === currency && p.pay_mode === pay_mode);
  };
  const answers = new Map<CallContract, unknown>([
    [userInfo, () => (state.loggedIn ? member : Promise.reject(new ApiError(-101, 'passport', 200)))],
    // Regional web pay
    [webpaySwitch, () => ({ main_switch_status: state.open })],
    [webpayGameList, games],
    [webpayCurrencyList, currencies],
    [webpayRoleList, roles],
    [
      webpayChannelList,
      (input: unknown) => channels.filter((c) => c.currency === (input as { currency: string }).currency),
    ],
    [webpayProductList, forChannel],
    [webpayAddOrder, () => state.addOrder()],
    [webpayOrderDetail, () => state.order],
    [webpayOrderResult, result],
    [webpayOrderHistory, () => state.history],
    // Second variant
    [paySwitch, () => ({ main_switch_status: state.open })],
    [payGameList, games],
    [payRoleList, roles],
    [payChannelList, channels],
    [payProductList, products],
    [payAddPayOrder, () => state.addOrder()],
    [payOrderDetail, () => state.order],
    [payOrderResult, result],
    [payOrderHistory, () => state.history],
    [payGetCaptcha, captcha],
  ]);
  return { state, answers };
}

/** A stand-in for the payment window: records where it was sent. */
export function fakeWindow() {
  return {
    opener: {} as unknown,
    location: { href: '' },
    document: { title: '', body: { textContent: '' } },
    close: vi.fn(),
  };
}

/** The calls made to one contract, in order. */
export function callsTo(call: { mock: { calls: unknown[][] } }, contract: CallContract): unknown[] {
  return call.mock.calls.filter(([c]) => c === contract).map(([, input]) => input);
}
