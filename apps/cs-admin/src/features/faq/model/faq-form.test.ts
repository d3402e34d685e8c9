import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { faqFormSchema } from '@gp/contracts/catalog-admin';
import { faqDetail } from '../../../testing/faq-fixtures.ts';
import { faqFormOf, faqValuesOf, filledLanguages, scheduleMustBeFuture } from './faq-form.ts';

describe('FAQ form values', () => {
  it('a new entry starts about every game, online now, with blank texts', () => {
    const values = faqValuesOf(null);
    expect(values).toMatchObject({
      game: 0,
      question_type: undefined,
      sort: 0,
      online_type: 1,
      online_time: null,
    });
    expect(filledLanguages(values)).toEqual([]);
  });

  it('an entry round-trips into a request the contract accepts, blank languages as null', () => {
    const detail = faqDetail({ game_base_id: null, game_name: null });
    const form = faqFormOf(faqValuesOf(detail), detail.question_id);
    expect(form).toEqual({
      question_id: 11,
      question_type: 2,
      game_base_id: null,
      online_type: 1,
      online_time: null,
      sort: 0,
      texts: {
        en: detail.texts.en,
        th: detail.texts.th,
        cn: null,
        vi: null,
        zh: null,
      },
    });
    expect(faqFormSchema.safeParse(form).success).toBe(true);
  });

  it('trims texts and sends a scheduled time only when scheduled', () => {
    const values = faqValuesOf(null);
    values.question_type = 2;
    values.texts.en = { question_title: '  Hello there ', question_content: ' Answer\n' };
    values.texts.zh = { question_title: '  ', question_content: '' };
    values.online_time = dayjs('2031-01-02T03:04:00Z');
    expect(faqFormOf(values).online_time).toBeNull();
    expect(faqFormOf(values).texts).toMatchObject({
      en: { question_title: 'Hello there', question_content: 'Answer' },
      zh: null,
    });
    values.online_type = 2;
    expect(faqFormOf(values).online_time).toBe('2031-01-02T03:04:00.000Z');
  });

  it('a scheduled time kept as saved need not lie ahead; a new or changed one must', () => {
    const saved = faqDetail({ online_type: 2, online_time: '2020-05-01T10:00:00.000Z' });
    expect(scheduleMustBeFuture(saved, dayjs('2020-05-01T10:00:00.000Z'))).toBe(false);
    expect(scheduleMustBeFuture(saved, dayjs('2020-05-01T10:01:00.000Z'))).toBe(true);
    expect(scheduleMustBeFuture(faqDetail({ online_type: 1 }), dayjs('2020-05-01T10:00:00.000Z'))).toBe(true);
    expect(scheduleMustBeFuture(null, dayjs())).toBe(true);
  });
});
