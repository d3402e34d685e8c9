/** An order note reads in the player's language with the time in their zone: th and vi here. */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { OrderNote } from '@gp/contracts/cs';
import { dateTimeZone, formatDate } from '@gp/i18n/format';
import th from '@gp/i18n/locales/th/common.json';
import vi from '@gp/i18n/locales/vi/common.json';
import { orderNoteText } from './order-note.tsx';

async function translator(lang: 'th' | 'vi') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { th: { common: th }, vi: { common: vi } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const at = '2026-03-01T05:00:00.000Z';
const note = (code: OrderNote['code'], time: string | null = at): OrderNote => ({
  code,
  order_no: 'GP1',
  state: 'delivered',
  at: time,
});

describe('orderNoteText', () => {
  it('words a found payment in Thai, with the time in the reader’s zone', async () => {
    const text = orderNoteText(await translator('th'), note('credit_delivered'), 'th');
    expect(text).toBe(
      `เราพบการชำระเงินของคุณแล้ว ยอดเติมเงินเข้าตัวละครของคุณเมื่อ ${formatDate(at, 'th', { style: dateTimeZone })}`,
    );
  });

  it('words a retried delivery and "no payment yet" in Vietnamese', async () => {
    const t = await translator('vi');
    expect(orderNoteText(t, note('delivery_retried'), 'vi')).toBe(
      `Chúng tôi đã chuyển lại tiền nạp vào nhân vật của bạn (${formatDate(at, 'vi', { style: dateTimeZone })}).`,
    );
    expect(orderNoteText(t, note('no_payment_yet', null), 'vi')).toBe(
      'Chúng tôi đã hỏi lại nhà cung cấp dịch vụ thanh toán: hiện chưa có khoản thanh toán nào cho đơn hàng này.',
    );
  });
});
