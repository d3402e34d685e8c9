import { describe, expect, it } from 'vitest';
import { nameRuns, unbrokenName } from './item-name.ts';

const kept = (name: string) =>
  nameRuns(name)
    .map((r) => (r.keep ? `[${r.text}]` : r.text))
    .join('');

describe('nameRuns', () => {
  it.each([
    ['ผงดาว 1980', '[ผงดาว 1980]'],
    ['300 Jade', '[300 Jade]'],
    ['Bụi Sao 6480', 'Bụi [Sao 6480]'],
    ['6480 Dragon Pearls', '[6480 Dragon] Pearls'],
    ['1980星尘', '[1980星尘]'],
    ['แพ็กฉลองเปิดตัว', 'แพ็กฉลองเปิดตัว'],
    ['Launch Celebration Bundle', 'Launch Celebration Bundle'],
    ['Pack 300 Jade +30 bonus', '[Pack 300] [Jade +30] bonus'],
    ['1980', '[1980]'],
    ['', ''],
  ])('%s -> %s', (name, expected) => {
    expect(kept(name)).toBe(expected);
  });

  it('keeps every character of the name, in order', () => {
    for (const name of ['ผงดาว  1980 ', ' 300 Jade', 'a 1 b 2 c'])
      expect(
        nameRuns(name)
          .map((r) => r.text)
          .join(''),
      ).toBe(name);
  });
});

describe('unbrokenName', () => {
  it('glues a number to its word with a no-break space, and to touching letters with a word joiner', () => {
    expect(unbrokenName('ผงดาว 1980')).toBe('ผงดาว\u00a01980');
    expect(unbrokenName('300 Jade')).toBe('300\u00a0Jade');
    expect(unbrokenName('1980星尘')).toBe('1980\u2060星尘');
    expect(unbrokenName('Launch Celebration Bundle')).toBe('Launch Celebration Bundle');
  });
});
