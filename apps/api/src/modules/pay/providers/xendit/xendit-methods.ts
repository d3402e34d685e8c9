/**
 * The Xendit payment channels a pay channel may name (`pay_channel.provider_methods.xendit`: one channel code,
 * sent as the Payment Request's `channel_code`), with the country and currency Xendit takes each in
 * (developers.xendit.co/api-reference/payments-api, "Supported Channels"). The console checks a channel
 * against this list and players are not offered one whose code cannot take its currency.
 *
 * Only the e-wallets the player completes on the wallet's own page or app are listed: Xendit answers each with a
 * web, mobile or app link the pay screens open. QR codes (PromptPay, QRIS), virtual accounts (BCA) and OVO (a
 * push to the phone number the player types) are answered with something the shop must show itself; they join
 * this list with the pay page that shows them.
 */
export interface XenditChannel {
  type: 'EWALLET';
  country: 'ID' | 'PH' | 'VN' | 'TH' | 'MY';
  currency: string;
}

export const xenditChannels: Readonly<Record<string, XenditChannel>> = {
  GCASH: { type: 'EWALLET', country: 'PH', currency: 'PHP' },
  PAYMAYA: { type: 'EWALLET', country: 'PH', currency: 'PHP' },
  GRABPAY: { type: 'EWALLET', country: 'PH', currency: 'PHP' },
  MOMO: { type: 'EWALLET', country: 'VN', currency: 'VND' },
  ZALOPAY: { type: 'EWALLET', country: 'VN', currency: 'VND' },
  DANA: { type: 'EWALLET', country: 'ID', currency: 'IDR' },
  SHOPEEPAY: { type: 'EWALLET', country: 'ID', currency: 'IDR' },
  TRUEMONEY: { type: 'EWALLET', country: 'TH', currency: 'THB' },
  TOUCHNGO: { type: 'EWALLET', country: 'MY', currency: 'MYR' },
};

/** The provider catalog's view: each channel code and the one currency it takes. */
export const xenditMethodCurrencies: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(xenditChannels).map(([code, channel]) => [code, [channel.currency]]),
);
