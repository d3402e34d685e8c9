import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './masking.ts';

describe('masking', () => {
  it('shows enough of an address to recognise it', () => {
    expect(maskEmail('somchai@example.com')).toBe('s***i@example.com');
    expect(maskEmail('ab@example.com')).toBe('a*@example.com');
    expect(maskPhone('66812345678')).toBe('66******678');
  });
});
