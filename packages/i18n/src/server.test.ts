import { describe, expect, it } from 'vitest';
import en from '../locales/en/common.json' with { type: 'json' };
import vi from '../locales/vi/common.json' with { type: 'json' };
import thErrors from '../locales/th/errors.json' with { type: 'json' };
import thStaff from '../locales/th/staff-errors.json' with { type: 'json' };
import { codes } from '@gp/errors';
import { messageText, orderNoteMessage, serverMessage } from './server.ts';

describe('serverMessage', () => {
  it("words a staff call's code from staff-errors, in the caller's language", () => {
    expect(serverMessage('th', 'staff', codes.staffTicketHandledByOther)).toBe(
      thStaff.staff.ticketHandledByOther,
    );
    expect(serverMessage('th', 'staff', codes.staffRefundNotPaid)).toBe(thStaff.staff.refunds.notPaid);
  });

  it("words the other domains' codes, and a staff code that falls back to common, from errors", () => {
    expect(serverMessage('th', 'passport', codes.passportWrongCredentials)).toBe(
      thErrors.passport.wrongCredentials,
    );
    expect(serverMessage('th', 'staff', codes.notLoggedIn)).toBe(thErrors.common.notLoggedIn);
  });
});

describe('orderNoteMessage', () => {
  const note = {
    code: 'credit_delivered',
    order_no: 'P20261129000123',
    state: 'delivered',
    at: '2026-11-29T03:21:00.000Z',
  } as const;

  it("words a note as the player's thread does, its time in the given zone with the zone named", () => {
    const text = orderNoteMessage('vi', note, 'Asia/Ho_Chi_Minh');
    const worded = vi.orderHelp.note.credit_delivered;
    expect(text.startsWith(worded.slice(0, worded.indexOf('{{time}}')))).toBe(true);
    expect(text).toMatch(/10:21/);
    expect(text).toContain('GMT+7');
    expect(text).not.toContain('{{');
  });

  it('writes no time for a note that names none', () => {
    expect(orderNoteMessage('en', { ...note, code: 'no_payment_yet', at: null }, 'UTC')).toBe(
      en.orderHelp.note.no_payment_yet,
    );
  });
});

describe('messageText', () => {
  it('fills the placeholders of a text', () => {
    expect(messageText('th', 'ticketAnswer.subject', { title: 'Gems', id: 7 })).toContain('Gems');
    expect(messageText('en', 'ticketAnswer.subject', { title: 'Gems', id: 7 })).not.toContain('{{');
  });
});
