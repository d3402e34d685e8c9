import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RecoveryCodeHmac } from './recovery-code.hmac.ts';

describe('RecoveryCodeHmac', () => {
  const hmac = new RecoveryCodeHmac('k'.repeat(32));

  it('stores a keyed hash, not the plain SHA-256 a database copy could sweep', () => {
    const stored = hmac.hash('abcde-fghjk');
    expect(stored).toMatch(/^h1\.[0-9a-f]{64}$/);
    expect(stored).not.toContain(createHash('sha256').update('abcdefghjk').digest('hex'));
    // Another key gives another value; the typed form (case, dashes, spaces) does not matter.
    expect(new RecoveryCodeHmac('z'.repeat(32)).hash('abcde-fghjk')).not.toBe(stored);
    expect(hmac.hash(' ABCDE fghjk ')).toBe(stored);
  });

  it('names the format of sets made before (plain SHA-256 hex), accepted until replaced', () => {
    expect(RecoveryCodeHmac.legacy('ABCDE-fghjk')).toBe(
      createHash('sha256').update('abcdefghjk').digest('hex'),
    );
  });
});
