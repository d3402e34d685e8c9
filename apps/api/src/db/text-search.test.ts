import { describe, expect, it } from 'vitest';
import { containsPattern, foldCase } from './text-search.ts';

describe('foldCase', () => {
  it('folds ASCII, Vietnamese, Latin-1, Greek and Cyrillic capitals and leaves caseless scripts alone', () => {
    expect(foldCase('PASSWORD')).toBe('password');
    expect(foldCase('BANG HỘI')).toBe('bang hội');
    expect(foldCase('ĐĂNG NHẬP')).toBe('đăng nhập');
    expect(foldCase('ÉCOLE Ñ')).toBe('école ñ');
    expect(foldCase('ΣΩ ПРИВЕТ')).toBe('σω привет');
    expect(foldCase('รหัสผ่าน 公会')).toBe('รหัสผ่าน 公会');
  });

  it('composes first, as browsers send and staff type', () => {
    expect(foldCase('HO\u0302\u0323I')).toBe('hội');
  });
});

describe('containsPattern', () => {
  it('takes %, _ and \\ literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
