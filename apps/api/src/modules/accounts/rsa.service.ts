/**
 * Passwords travel RSA-OAEP (SHA-256) encrypted with a one-time nonce (DESIGN section 6), so they never appear
 * in request logs or proxies even where TLS ends early, and a captured ciphertext cannot be replayed. The key
 * pair comes from RSA_PRIVATE_KEY, or is generated once and kept in the database for every process to share.
 */
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecurityRepository } from './security.repository.ts';

const nonceTtlMs = 5 * 60_000;

export class RsaService {
  private key: Promise<KeyObject> | undefined;

  constructor(
    private readonly repo: SecurityRepository,
    private readonly options: { privateKeyPem?: string | undefined; now: Clock },
  ) {}

  private now() {
    return this.options.now();
  }

  private privateKey(): Promise<KeyObject> {
    this.key ??= (async () => {
      if (this.options.privateKeyPem) return createPrivateKey(this.options.privateKeyPem);
      const stored = await this.repo.secret('rsa-private-key');
      if (stored) return createPrivateKey(stored);
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      return createPrivateKey(await this.repo.putSecretOnce('rsa-private-key', pem));
    })();
    return this.key;
  }

  async publicKey(): Promise<{ public_key: string; nonce: string; expires_in: number }> {
    const pem = createPublicKey(await this.privateKey())
      .export({ type: 'spki', format: 'pem' })
      .toString();
    const nonce = randomBytes(18).toString('base64url');
    await this.repo.addNonce(nonce, new Date(this.now().getTime() + nonceTtlMs));
    return { public_key: pem, nonce, expires_in: nonceTtlMs / 1000 };
  }

  /** The password inside a ciphertext; -112 when it cannot be read or its nonce is unknown, used or expired. */
  async decryptPassword(ciphertext: string): Promise<string> {
    const [password] = await this.decryptPasswords([ciphertext]);
    return password!;
  }

  /**
   * Several passwords of one form (a password and its confirmation, an old and a new one), sealed with the same
   * nonce, which is spent once for all of them.
   */
  async decryptPasswords(ciphertexts: readonly string[]): Promise<string[]> {
    const key = await this.privateKey();
    const parts = ciphertexts.map((ciphertext) => {
      let plain: string;
      try {
        plain = privateDecrypt(
          { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(ciphertext, 'base64'),
        ).toString('utf8');
      } catch {
        throw new AppError(codes.illegalRequest, { domain: 'passport' });
      }
      const separator = plain.indexOf(':');
      if (separator < 1) throw new AppError(codes.illegalRequest, { domain: 'passport' });
      return { nonce: plain.slice(0, separator), password: plain.slice(separator + 1) };
    });
    const nonce = parts[0]?.nonce;
    if (!nonce || parts.some((p) => p.nonce !== nonce) || !(await this.repo.useNonce(nonce, this.now()))) {
      throw new AppError(codes.illegalRequest, { domain: 'passport' });
    }
    return parts.map((p) => p.password);
  }
}

/** What a browser does with Web Crypto, for tests and scripts: encrypt `<nonce>:<password>`. */
export function encryptPassword(publicKeyPem: string, nonce: string, password: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(`${nonce}:${password}`),
  ).toString('base64');
}
