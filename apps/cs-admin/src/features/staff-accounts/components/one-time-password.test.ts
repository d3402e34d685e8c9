import { describe, expect, it } from 'vitest';
import { staffPasswordRule } from '@gp/contracts/staff';
import { generateOneTimePassword } from './one-time-password.ts';

describe('generateOneTimePassword', () => {
  it('always passes the staff password rule, without look-alike characters, and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generateOneTimePassword();
      expect(password).toHaveLength(16);
      expect(staffPasswordRule.safeParse(password).success).toBe(true);
      expect(password).not.toMatch(/[0O1lI]/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});
