import { describe, expect, it } from 'vitest';
import { takeLanguage } from '@gp/i18n';
import { topupPreviewLink } from './preview-link.ts';

describe('topupPreviewLink', () => {
  it("opens the pay host's top-up page with the game chosen, in the language asked", () => {
    expect(topupPreviewLink('http://localhost:8082', 3, 'th')).toBe(
      'http://localhost:8082/paygame/?game=3&lang=th',
    );
    expect(topupPreviewLink('https://pay.example.com/', 12, 'zh')).toBe(
      'https://pay.example.com/paygame/?game=12&lang=zh',
    );
  });

  it('carries a language the pay host reads back, leaving the game in the address', () => {
    const taken = takeLanguage(topupPreviewLink('https://pay.example.com', 7, 'vi'));
    expect(taken).toEqual({ lang: 'vi', url: 'https://pay.example.com/paygame/?game=7', found: true });
  });
});
