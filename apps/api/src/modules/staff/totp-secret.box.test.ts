import { describe, expect, it } from 'vitest';
import { TotpSecretBox } from './totp-secret.box.ts';

const box = new TotpSecretBox('k'.repeat(32));
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('TotpSecretBox', () => {
  it('seals a secret so that the stored text does not hold it, and opens it again', () => {
    const sealed = box.seal(7, secret);
    expect(sealed).toMatch(/^gcm1\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(TotpSecretBox.isSealed(sealed)).toBe(true);
    expect(box.open(7, sealed)).toBe(secret);
    // A new nonce each time: two seals of one secret differ.
    expect(box.seal(7, secret)).not.toBe(sealed);
  });

  it('does not open under another key, for another account, or when altered', () => {
    const sealed = box.seal(7, secret);
    expect(() => new TotpSecretBox('z'.repeat(32)).open(7, sealed)).toThrow();
    expect(() => box.open(8, sealed)).toThrow();
    const [head, iv, data] = sealed.split('.');
    const flipped = `${data!.slice(0, -2)}${data!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => box.open(7, `${head}.${iv}.${flipped}`)).toThrow();
    expect(() => box.open(7, 'gcm1.short')).toThrow(/malformed/);
  });

  it('opens a secret stored in clear before sealing (base32 has no dot) as it is, until sealing has run', () => {
    const starting = new TotpSecretBox('k'.repeat(32));
    expect(TotpSecretBox.isSealed(secret)).toBe(false);
    expect(starting.open(7, secret)).toBe(secret);
    // After the start sealed every clear secret, a clear value can only have been planted: it never opens.
    starting.refuseClear();
    expect(() => starting.open(7, secret)).toThrow(/in clear/);
    expect(starting.open(7, starting.seal(7, secret))).toBe(secret);
  });
});
