/**
 * The staff's authenticator-app secrets sealed at rest (staff_totp.secret and pending_secret). A code check needs
 * the secret itself, so it cannot be hashed like a password; sealed with AES-256-GCM under STAFF_TOTP_KEY, a copy
 * of the database (a backup, a replica, a dump handed to support) no longer holds the staff's second factor. The
 * key never enters the database: lose it and every staff member enrols again (the recovery codes and passkeys
 * still let them in to do so).
 *
 * Stored as `gcm1.<iv>.<ciphertext and tag>` (base64url), bound to its account: the staff id is the additional
 * data, so a sealed secret copied onto another account's row does not open there. A value without the prefix is a
 * secret stored in clear before sealing existed (base32 never holds a dot): the start seals them all
 * (second-factor.service.ts `sealStoredSecrets`) and then calls `refuseClear`, after which an unprefixed value
 * no longer opens: one written into the table later can only be a planted secret.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const prefix = 'gcm1.';
const ivBytes = 12;
const tagBytes = 16;

/**
 * Sealing under STAFF_TOTP_KEY for one purpose: `info` derives the purpose's own cipher key (HKDF-SHA-256), so a
 * value sealed for one purpose never opens for another, and `label` with the row's id is the additional data,
 * binding a sealed value to its row. The staff's authenticator secrets are one purpose, the game servers'
 * protocol secrets (modules/pay/game-server) another.
 */
export class SealedSecretBox {
  private readonly key: Buffer;
  private clearRefused = false;

  /** `secret`: STAFF_TOTP_KEY (32+ characters). */
  constructor(
    secret: string,
    private readonly purpose: { info: string; label: string },
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', purpose.info, 32));
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(prefix);
  }

  seal(id: number, secret: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(this.additionalData(id));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${prefix}${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** From now on a value in clear does not open (called once every stored clear value has been sealed). */
  refuseClear(): void {
    this.clearRefused = true;
  }

  /**
   * The secret `stored` holds. Throws when it was sealed under another key or for another row, and for a value in
   * clear once `refuseClear` was called.
   */
  open(id: number, stored: string): string {
    if (!SealedSecretBox.isSealed(stored)) {
      if (this.clearRefused) throw new Error(`${this.purpose.label}: a secret in clear after sealing`);
      return stored;
    }
    const [iv, sealed] = stored.slice(prefix.length).split('.');
    const ivBuffer = Buffer.from(iv ?? '', 'base64url');
    const data = Buffer.from(sealed ?? '', 'base64url');
    if (ivBuffer.length !== ivBytes || data.length <= tagBytes)
      throw new Error(`${this.purpose.label}: malformed sealed secret`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, ivBuffer);
    decipher.setAAD(this.additionalData(id));
    decipher.setAuthTag(data.subarray(data.length - tagBytes));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - tagBytes)),
      decipher.final(),
    ]).toString('utf8');
  }

  private additionalData(id: number): Buffer {
    return Buffer.from(`${this.purpose.label}:${id}`);
  }
}

/** The staff's authenticator secrets, by staff id. */
export class TotpSecretBox extends SealedSecretBox {
  constructor(secret: string) {
    super(secret, { info: 'gp staff totp secret v1', label: 'staff_totp' });
  }
}
