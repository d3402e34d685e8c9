/**
 * The channel list and the channel editor of the top-up catalog, rendered on their own (the whole console around
 * them is pay-catalog.test.tsx's) over the stand-in staff API.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import common from '@gp/i18n/locales/en/common.json';
import errors from '@gp/i18n/locales/en/errors.json';
import { payAdminChannelSwitch } from '@gp/contracts/pay-admin';
import {
  payChannelCreate,
  payChannelProviderList,
  payChannelSave,
} from '@gp/contracts/pay-channel-authoring';
import type { PayAdminChannelItem } from '@gp/contracts/pay-admin';
import { channel, channelProviders } from '../../../testing/pay-fixtures.ts';
import { ok, resetSession, staffServer, type Handler } from '../../../testing/console-test.tsx';
import { bodyOf, fieldRefusal, ops, pathOf } from '../../../testing/ops-console.tsx';
import { ChannelTable } from './channel-table.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const channels = ops.pay.channels;

/** A Stripe PromptPay channel prepared while Stripe is not set up on the site: closed, and cannot be opened. */
const stripeChannel = channel({
  pay_channel_id: 40,
  pay_mode: 108,
  payment_type: 'promptpay',
  channel_name: 'PromptPay',
  provider: 'stripe',
  provider_in_use: 'stripe',
  method_keys: ['promptpay'],
  max_amount: 500000,
  is_open: 0,
  payable: 0,
  unpayable_reason: 'provider_not_configured',
  names: { en: 'PromptPay', th: 'พร้อมเพย์', cn: null, vi: null, zh: null },
});

function channelServer(handlers: Record<string, Handler> = {}) {
  return staffServer({ [pathOf(payChannelProviderList)]: () => ok(channelProviders()), ...handlers });
}

/** The channel list of game 3 (selling in THB and VND) in English, once the providers have arrived. */
async function openChannels(initial: PayAdminChannelItem[] = [channel(), stripeChannel]) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { errors, common, ops } },
    defaultNS: 'ops',
    interpolation: { escapeValue: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <App>
        <ChannelTable gameBaseId={3} currencies={['THB', 'VND']} initial={initial} />
      </App>
    </I18nextProvider>,
  );
  // The providers arrive after the list: the editor opens once they are here.
  await waitFor(() =>
    expect(screen.getByRole('button', { name: channels.add }).hasAttribute('disabled')).toBe(false),
  );
}

const dialog = async () => within(await screen.findByRole('dialog'));

describe('payment channel editor', { timeout: 60_000 }, () => {
  it("shows each channel's provider; one its provider cannot take has its switch disabled, saying why", async () => {
    channelServer();
    await openChannels();
    const locked = screen.getByRole('switch', { name: 'Open: PromptPay (THB)' });
    expect(locked.hasAttribute('disabled')).toBe(true);
    const reason =
      "stripe isn't set up on this site: players aren't offered this channel, and it can't be switched on.";
    expect(document.getElementById(locked.getAttribute('aria-describedby')!)!.textContent).toBe(reason);
    const row = locked.closest('tr')!;
    expect(row.textContent).toContain(channels.cannotPay);
    expect(row.textContent).toContain('Up to');
    expect(row.textContent).toContain('฿5,000.00');
    const open = screen.getByRole('switch', { name: 'Open: MyCard Thailand (THB)' });
    expect(open.hasAttribute('disabled')).toBe(false);
    expect(open.closest('tr')!.textContent).toContain(channels.canPay);
    expect(open.closest('tr')!.textContent).toContain(channels.siteDefault);
  });

  it('checks a new channel before sending it, then sends what was typed in minor units', async () => {
    const api = channelServer({
      [pathOf(payChannelCreate)]: (request) => {
        const body = bodyOf(request);
        return body.payment_type === 'mycard_th'
          ? fieldRefusal(['payment_type', 'taken'])
          : ok(
              channel({
                pay_channel_id: 50,
                pay_mode: 108,
                payment_type: String(body.payment_type),
                channel_name: 'Rabbit LINE Pay',
                min_amount: 2000,
                max_amount: 500000,
              }),
            );
      },
    });
    await openChannels();
    fireEvent.click(screen.getByRole('button', { name: channels.add }));
    const form = await dialog();
    fireEvent.click(form.getByRole('button', { name: channels.create }));
    expect(await form.findByText(channels.rule.key)).toBeTruthy();
    expect(form.getByText(channels.rule.name)).toBeTruthy();

    fireEvent.change(form.getByLabelText(channels.paymentType), { target: { value: 'mycard_th' } });
    fireEvent.change(form.getByLabelText('Name (English, required)'), {
      target: { value: 'Rabbit LINE Pay' },
    });
    fireEvent.change(form.getByLabelText('Name (ไทย)'), { target: { value: 'แรบบิท ไลน์ เพย์' } });
    fireEvent.change(form.getByLabelText('Minimum (THB)'), { target: { value: '20' } });
    fireEvent.change(form.getByLabelText('Maximum (THB)'), { target: { value: '10.005' } });
    fireEvent.click(form.getByRole('button', { name: channels.create }));
    expect(await form.findByText(/Enter an amount above zero\. Up to 2 decimal places/)).toBeTruthy();
    fireEvent.change(form.getByLabelText('Maximum (THB)'), { target: { value: '10' } });
    expect(await form.findByText(channels.rule.maxBelowMin)).toBeTruthy();
    fireEvent.change(form.getByLabelText('Maximum (THB)'), { target: { value: '5000' } });
    fireEvent.click(form.getByRole('switch', { name: channels.offered }));
    expect(api.to(pathOf(payChannelCreate))).toHaveLength(0);

    // The server's refusal lands at its field and keeps what was typed.
    fireEvent.click(form.getByRole('button', { name: channels.create }));
    expect(await form.findByText(channels.error.taken)).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('Name (English, required)').value).toBe('Rabbit LINE Pay');

    fireEvent.change(form.getByLabelText(channels.paymentType), { target: { value: 'rabbit_linepay' } });
    fireEvent.click(form.getByRole('button', { name: channels.create }));
    await waitFor(() => expect(api.to(pathOf(payChannelCreate))).toHaveLength(2));
    expect(bodyOf(api.to(pathOf(payChannelCreate))[1])).toEqual({
      game_base_id: 3,
      currency: 'THB',
      pay_mode: 108,
      payment_type: 'rabbit_linepay',
      provider: null,
      method_keys: [],
      min_amount: 2000,
      max_amount: 500000,
      names: { en: 'Rabbit LINE Pay', th: 'แรบบิท ไลน์ เพย์', cn: null, vi: null, zh: null },
      sort: 0,
      is_open: 1,
    });
    expect(await screen.findByText('Rabbit LINE Pay (THB) is created.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Open: Rabbit LINE Pay (THB)' })).toBeTruthy();
  });

  it('a provider not set up here: the switch is off and disabled with the reason; its method keys are checked', async () => {
    const api = channelServer({
      [pathOf(payChannelSave)]: (request) =>
        ok({ ...stripeChannel, ...(bodyOf(request) as object), channel_name: 'PromptPay QR' }),
    });
    await openChannels();
    fireEvent.click(screen.getByRole('button', { name: 'Edit PromptPay (THB)' }));
    const form = await dialog();
    expect(form.getByLabelText<HTMLInputElement>('Name (ไทย)').value).toBe('พร้อมเพย์');
    expect(form.getByLabelText<HTMLInputElement>('Maximum (THB)').value).toBe('5000.00');
    const offered = form.getByRole('switch', { name: channels.offered });
    expect(offered.hasAttribute('disabled')).toBe(true);
    expect(
      form.getByText(
        "stripe isn't set up on this site: players aren't offered this channel, and it can't be switched on.",
      ),
    ).toBeTruthy();
    expect(
      form.getByText(/The site's operator sets up stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/),
    ).toBeTruthy();

    // Stripe's PayNow does not take THB.
    fireEvent.mouseDown(form.getByLabelText('stripe payment methods'));
    fireEvent.click(await screen.findByTitle('paynow (SGD)'));
    fireEvent.click(form.getByRole('button', { name: ops.common.save }));
    expect(await form.findByText("paynow doesn't take THB.")).toBeTruthy();
    expect(api.to(pathOf(payChannelSave))).toHaveLength(0);

    // Back to the site's own provider (the sandbox, set up): the switch can be turned on, no keys are sent.
    fireEvent.mouseDown(form.getByLabelText(channels.provider));
    fireEvent.click(await screen.findByTitle("This site's own (sandbox)"));
    await waitFor(() =>
      expect(form.getByRole('switch', { name: channels.offered }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(form.getByRole('switch', { name: channels.offered }));
    fireEvent.change(form.getByLabelText('Name (English, required)'), { target: { value: 'PromptPay QR' } });
    fireEvent.click(form.getByRole('button', { name: ops.common.save }));
    await waitFor(() => expect(api.to(pathOf(payChannelSave))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payChannelSave))[0])).toEqual({
      pay_channel_id: 40,
      pay_mode: 108,
      payment_type: 'promptpay',
      provider: null,
      method_keys: [],
      min_amount: null,
      max_amount: 500000,
      names: { en: 'PromptPay QR', th: 'พร้อมเพย์', cn: null, vi: null, zh: null },
      sort: 1,
      is_open: 1,
    });
    expect(await screen.findByText('PromptPay QR (THB) is saved.')).toBeTruthy();
    expect(api.to(pathOf(payAdminChannelSwitch))).toHaveLength(0);
  });

  it('shows rupiah limits as the market writes them, keeping a fraction that is not zero, and sends them exactly', async () => {
    const dana = channel({
      pay_channel_id: 50,
      currency: 'IDR',
      pay_mode: 108,
      payment_type: 'dana',
      channel_name: 'DANA',
      min_amount: 1500000,
      max_amount: 150000050,
      names: { en: 'DANA', th: null, cn: null, vi: null, zh: null },
    });
    const api = channelServer({
      [pathOf(payChannelSave)]: (request) => ok({ ...dana, ...(bodyOf(request) as object) }),
    });
    await openChannels([dana]);
    const row = screen.getByRole('switch', { name: 'Open: DANA (IDR)' }).closest('tr')!;
    expect(row.textContent).toContain('Rp\u00a015,000 – Rp\u00a01,500,000.50');

    fireEvent.click(screen.getByRole('button', { name: 'Edit DANA (IDR)' }));
    const form = await dialog();
    expect(form.getByLabelText<HTMLInputElement>('Minimum (IDR)').value).toBe('15000');
    expect(form.getByLabelText<HTMLInputElement>('Maximum (IDR)').value).toBe('1500000.50');
    fireEvent.change(form.getByLabelText('Minimum (IDR)'), { target: { value: '20000' } });
    fireEvent.click(form.getByRole('button', { name: ops.common.save }));
    await waitFor(() => expect(api.to(pathOf(payChannelSave))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payChannelSave))[0])).toMatchObject({
      min_amount: 2000000,
      max_amount: 150000050,
    });
  });
});
