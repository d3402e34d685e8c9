import { describe, expect, it } from 'vitest';
import { checkNickname } from './nickname.ts';

describe('checkNickname', () => {
  it.each([
    [undefined, -606],
    ['  ', -606],
    ['ab', -607],
    ['a'.repeat(17), -608],
    ['nok siri', -611],
    ['nok!', -611],
    ['<script>', -611],
    ['shitlord', -610],
    ['ไอ้เหี้ย', -610],
    ['JoyPeakTeam', -612],
    ['gm_lina', -612],
    ['Admin99', -612],
  ])('%j -> %i', (name, code) => {
    expect(() => checkNickname(name)).toThrow(expect.objectContaining({ code }));
  });

  it.each(['Nok_Siri', 'สมชาย', 'Linh2026', '小龙人', '蓮華劍士', 'Gmail_fan'])('accepts %s', (name) => {
    expect(checkNickname(` ${name} `)).toBe(name);
  });
});
