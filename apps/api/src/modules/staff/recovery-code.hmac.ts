/**
 * How recovery codes are stored: HMAC-SHA-256 under a subkey of STAFF_TOTP_KEY, prefixed
 * `h1.`. A code is ~50 random bits; a plain hash of it falls to one GPU sweep of a database copy, a keyed one does
 * not without the key, which never enters the database. Still deterministic, so one conditional statement can find
 * and spend a code (second-factor.repository.ts `spendRecoveryCode`).
 *
 * Sets made before hold the unprefixed SHA-256 hex (`legacy`). They keep working until the set is replaced (a
 * regeneration, a reset): a code cannot be re-hashed without its clear text, which only a use shows, and a use
 * spends it. Refusing them instead would lock out whoever relies on a printed sheet; the console's "new codes"
 * replaces an old set for good.
 */
import { createHash, createHmac, hkdfSync } from 'node:crypto';

const prefix = 'h1.';

/** The code as typed, without case, spaces or dashes. */
const normal = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

export class RecoveryCodeHmac {
  private readonly key: Buffer;

  /** `secret`: STAFF_TOTP_KEY; the subkey is its own (HKDF info), so it never equals the sealing key. */
  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'gp staff recovery codes v1', 32));
  }

  /** What a new set stores for `code`. */
  hash(code: string): string {
    return `${prefix}${createHmac('sha256', this.key).update(normal(code)).digest('hex')}`;
  }

  /** What a set made before keyed hashes stored for `code` (plain SHA-256 hex), accepted until replaced. */
  static legacy(code: string): string {
    return createHash('sha256').update(normal(code)).digest('hex');
  }
}
