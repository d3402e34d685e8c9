import { describe, expect, it } from 'vitest';
import { fillReplyVariables, replyLanguageFor } from './reply-variables.ts';

describe('replyLanguageFor', () => {
  const texts = { en: 'Hello', th: 'สวัสดี', vi: '' };

  it("answers the ticket's language when the reply has a text in it", () => {
    expect(replyLanguageFor(texts, 'th')).toBe('th');
  });

  it('falls back to en for a language without text, blank or unknown', () => {
    expect(replyLanguageFor(texts, 'vi')).toBe('en');
    expect(replyLanguageFor(texts, 'zh')).toBe('en');
    expect(replyLanguageFor(texts, 'ja')).toBe('en');
  });
});

describe('fillReplyVariables', () => {
  const values = { nickname: 'Mali', order_no: 'P2026001', game: 'Sword Fantasy' };

  it('fills every occurrence of each variable', () => {
    expect(fillReplyVariables('Hi {nickname}, {game} order {order_no}. Bye {nickname}', values)).toBe(
      'Hi Mali, Sword Fantasy order P2026001. Bye Mali',
    );
  });

  it('leaves unknown variables as written and does not fill variables inside values', () => {
    expect(fillReplyVariables('{nick} {nickname}', { ...values, nickname: '{game}' })).toBe('{nick} {game}');
  });

  it('fills an empty order number with nothing', () => {
    expect(fillReplyVariables('Order: {order_no}.', { ...values, order_no: '' })).toBe('Order: .');
  });
});
