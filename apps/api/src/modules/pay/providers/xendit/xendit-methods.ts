/**
 * The Xendit payment channels a pay channel may name (`pay_channel.provider_methods.xendit`: one channel code,
 * sent as the Payment Request's `channel_code`), with the country and currency Xendit takes each in
 * (developers.xendit.co/api-reference/payments-api, "Supported Channels"). The console checks a channel
 * against this list and players are not offered one whose code cannot take its currency.
 *
 * E-wallets answer a link the player opens (the wallet's page, or its app on a phone); QR codes (PromptPay, QRIS)
 * and virtual accounts (BCA) answer what our pay page shows: the QR payload, with the amount in it, or the account
 * number to transfer to. OVO (a push to the phone number the player types) is not listed: the pay page does not
 * ask for the number.
 */
export interface XenditChannel {
  type: 'EWALLET' | 'QR_CODE' | 'VIRTUAL_ACCOUNT';
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
  PROMPTPAY: { type: 'QR_CODE', country: 'TH', currency: 'THB' },
  QRIS: { type: 'QR_CODE', country: 'ID', currency: 'IDR' },
  BCA: { type: 'VIRTUAL_ACCOUNT', country: 'ID', currency: 'IDR' },
};

/** The provider catalog's view: each channel code and the one currency it takes. */
export const xenditMethodCurrencies: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(xenditChannels).map(([code, channel]) => [code, [channel.currency]]),
);

/** The channel codes paid from our page: a QR code or a virtual account, which have no page of the provider's. */
export const xenditOnPageMethods: readonly string[] = Object.entries(xenditChannels)
  .filter(([, channel]) => channel.type !== 'EWALLET')
  .map(([code]) => code);
