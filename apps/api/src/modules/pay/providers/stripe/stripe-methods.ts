/**
 * The Stripe payment method keys a channel may name (`pay_channel.provider_methods.stripe`, sent as Checkout's
 * `allowed_payment_method_types`) and the currencies Stripe takes each in
 * (docs.stripe.com/payments/payment-methods/payment-method-support). Stripe refuses a whole Checkout Session
 * when one of its methods does not take the order's currency, so the console checks a channel against this list
 * and players are not offered a channel whose methods cannot take its currency. Only the methods our region
 * sells through are listed: a key added here is one the console then accepts.
 */
export const stripeMethodCurrencies: Readonly<Record<string, readonly string[] | 'any'>> = {
  card: 'any',
  promptpay: ['THB'],
  paynow: ['SGD'],
  grabpay: ['SGD', 'MYR'],
  fpx: ['MYR'],
  touch_n_go: ['MYR'],
};
