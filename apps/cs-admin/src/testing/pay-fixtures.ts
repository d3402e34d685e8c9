/** The top-up catalog and orders as the staff API answers them (tests only). */
import type { PayChannelProviderData } from '@gp/contracts/pay-channel-authoring';
import type {
  DeadDeliveryItem,
  PayAdminChannelItem,
  PayAdminGameItem,
  PayAdminOrderDetail,
  PayAdminOrderItem,
  PayAdminProductItem,
  PayAdminServerItem,
  PayDeliveryItem,
} from '@gp/contracts/pay-admin';

export const payGame = (overrides: Partial<PayAdminGameItem> = {}): PayAdminGameItem => ({
  game_base_id: 3,
  game_id: 'lotus_sea',
  game_name: 'Lotus Blade',
  is_open: 1,
  is_online: 1,
  currencies: ['THB', 'VND'],
  sort: 0,
  ...overrides,
});

export const server = (overrides: Partial<PayAdminServerItem> = {}): PayAdminServerItem => ({
  cp_server_id: 's1',
  server_name: 'Lotus S1',
  is_maintenance: 0,
  is_online: 1,
  sort: 1,
  updated_at: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

export const product = (overrides: Partial<PayAdminProductItem> = {}): PayAdminProductItem => ({
  product_id: 'gems_60',
  product_name: '60 Gems',
  credit_amount: 60,
  is_on_sale: 1,
  sort: 1,
  image_url: '',
  sale_from: null,
  sale_until: null,
  updated_at: '2026-03-01T00:00:00.000Z',
  price_list: [
    {
      currency: 'THB',
      exponent: 2,
      pay_mode: 20,
      product_price: 54900,
      is_on_sale: 1,
      updated_at: '2026-03-01T00:00:00.000Z',
    },
    {
      currency: 'VND',
      exponent: 0,
      pay_mode: 106,
      product_price: 119000,
      is_on_sale: 1,
      updated_at: '2026-03-01T00:00:00.000Z',
    },
  ],
  ...overrides,
});

export const channel = (overrides: Partial<PayAdminChannelItem> = {}): PayAdminChannelItem => ({
  pay_channel_id: 31,
  currency: 'THB',
  pay_mode: 20,
  payment_type: 'mycard_th',
  channel_name: 'MyCard Thailand',
  is_open: 1,
  sort: 1,
  updated_at: '2026-03-01T00:00:00.000Z',
  provider: null,
  provider_in_use: 'sandbox',
  method_keys: [],
  min_amount: null,
  max_amount: null,
  exponent: 2,
  names: { en: 'MyCard Thailand', th: null, cn: null, vi: null, zh: null },
  payable: 1,
  unpayable_reason: null,
  ...overrides,
});

/** The providers of a deployment whose own is the sandbox and where Stripe is not set up. */
export const channelProviders = (
  overrides: Partial<PayChannelProviderData> = {},
): PayChannelProviderData => ({
  deployment_provider: 'sandbox',
  providers: [
    {
      provider: 'stripe',
      configured: 0,
      settings: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      method_keys: [
        { key: 'card', currencies: null },
        { key: 'promptpay', currencies: ['THB'] },
        { key: 'paynow', currencies: ['SGD'] },
      ],
    },
    {
      provider: 'sandbox',
      configured: 1,
      settings: 'PAY_PROVIDER=sandbox (development only)',
      method_keys: null,
    },
  ],
  ...overrides,
});

export const order = (overrides: Partial<PayAdminOrderItem> = {}): PayAdminOrderItem => ({
  order_no: 'GP20260301ABCDEFGH12345678',
  pay_order_no: 'sbx_123',
  provider: 'sandbox',
  uid: 42,
  distribution_region: 5,
  variant: 'webpay',
  game_base_id: 3,
  game_id: 'lotus_sea',
  game_name: 'Lotus Blade',
  cp_server_id: 's1',
  server_name: 'Lotus S1',
  cp_role_id: 'hero-7',
  role_name: 'Hero',
  product_id: 'gems_60',
  product_name: '60 Gems',
  credit_amount: 60,
  product_price: 54900,
  currency: 'THB',
  exponent: 2,
  pay_mode: 20,
  payment_type: 'mycard_th',
  channel_name: 'MyCard Thailand',
  state: 'delivering',
  reason_code: null,
  delivery_status: 'dead',
  created_at: '2026-03-01T08:00:00.000Z',
  expires_at: '2026-03-01T08:30:00.000Z',
  pay_time: '2026-03-01T08:05:00.000Z',
  delivered_at: null,
  updated_at: '2026-03-01T08:20:00.000Z',
  ...overrides,
});

export const delivery = (overrides: Partial<PayDeliveryItem> = {}): PayDeliveryItem => ({
  status: 'dead',
  attempts: 8,
  next_attempt_at: '2026-03-01T08:20:00.000Z',
  last_error: 'game server refused: character locked',
  delivery_id: null,
  created_at: '2026-03-01T08:05:00.000Z',
  updated_at: '2026-03-01T08:20:00.000Z',
  ...overrides,
});

export const orderDetail = (
  overrides: Partial<PayAdminOrderDetail> = {},
  deliveryOverrides: Partial<PayDeliveryItem> = {},
): PayAdminOrderDetail => ({
  ...order(),
  events: [
    { from_state: null, to_state: 'created', cause: 'order', created_at: '2026-03-01T08:00:00.000Z' },
    {
      from_state: 'created',
      to_state: 'awaiting_payment',
      cause: 'payment',
      created_at: '2026-03-01T08:00:01.000Z',
    },
    {
      from_state: 'awaiting_payment',
      to_state: 'paid',
      cause: 'notification:evt_77',
      created_at: '2026-03-01T08:05:00.000Z',
    },
    { from_state: 'paid', to_state: 'delivering', cause: 'worker', created_at: '2026-03-01T08:05:02.000Z' },
  ],
  notifications: [
    {
      provider: 'sandbox',
      event_id: 'evt_77',
      outcome: 'paid',
      result: 'applied',
      received_at: '2026-03-01T08:05:00.000Z',
    },
  ],
  delivery: delivery(deliveryOverrides),
  refund: null,
  dispute: null,
  ...overrides,
});

export const deadItem = (overrides: Partial<PayAdminOrderItem> = {}): DeadDeliveryItem => ({
  order: order(overrides),
  delivery: delivery(),
});

export const pageOf = <T>(list: T[]) => ({ list, total: list.length, page_num: 1, page_size: 20 });
