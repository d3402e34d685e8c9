import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-size.ts';

describe('formatFileSize', () => {
  it('writes kB below a megabyte and MB above, with one decimal under ten', () => {
    expect(formatFileSize(2048, 'en')).toBe('2 kB');
    expect(formatFileSize(1536 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatFileSize(12, 'en')).toBe('0.1 kB');
  });
});
