/**
 * The staff's authenticator-app secrets sealed at rest (staff_totp.secret and pending_secret). A code check needs
 * the secret itself, so it cannot be hashed like a password; sealed with AES-256-GCM under STAFF_TOTP_KEY, a copy
 * of the database (a backup, a replica, a dump handed to support) no longer holds the staff's second factor. The
 * key never enters the database: lose it and every staff member enrols again (the recovery codes and passkeys
 * still let them in to do so).
 *
 * Stored as `gcm1.<iv>.<ciphertext and tag>` (base64url), bound to its account: the staff id is the additional
 * data, so a sealed secret copied onto another account's row does not open there. A value without the prefix is a
 * secret stored in clear before sealing existed (base32 never holds a dot); it still opens, and `isSealed` lets the
 * start seal it (second-factor.service.ts `sealStoredSecrets`).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const prefix = 'gcm1.';
const ivBytes = 12;
const tagBytes = 16;

export class TotpSecretBox {
  private readonly key: Buffer;

  /** `secret`: STAFF_TOTP_KEY (32+ characters); the cipher's key is derived from it (HKDF-SHA-256). */
  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'gp staff totp secret v1', 32));
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(prefix);
  }

  seal(staffId: number, secret: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(additionalData(staffId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${prefix}${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** The secret `stored` holds. Throws when it was sealed under another key or for another account. */
  open(staffId: number, stored: string): string {
    if (!TotpSecretBox.isSealed(stored)) return stored;
    const [iv, sealed] = stored.slice(prefix.length).split('.');
    const ivBuffer = Buffer.from(iv ?? '', 'base64url');
    const data = Buffer.from(sealed ?? '', 'base64url');
    if (ivBuffer.length !== ivBytes || data.length <= tagBytes)
      throw new Error('staff_totp: malformed sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, ivBuffer);
    decipher.setAAD(additionalData(staffId));
    decipher.setAuthTag(data.subarray(data.length - tagBytes));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - tagBytes)),
      decipher.final(),
    ]).toString('utf8');
  }
}

const additionalData = (staffId: number) => Buffer.from(`staff_totp:${staffId}`);
