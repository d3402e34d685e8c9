/**
 * A software WebAuthn authenticator for tests (API and e2e): a P-256 key (ES256) that answers registration
 * options with a `none` attestation and authentication options with a signature, as a browser with a platform
 * authenticator would hand them to the page (the JSON of @simplewebauthn/browser). Only node:crypto, so the e2e
 * support can import it too. Its signature counter stays 0, as many synced passkeys report it, unless a test
 * gives `authenticate` one (to play a cloned or replaying authenticator).
 */
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

// ---- A minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and text strings, maps. ----

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(n, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

/** What a software authenticator needs to be kept (e2e keeps it in a file between processes). */
export interface SoftwareCredential {
  credentialId: string;
  /** PKCS#8 DER, base64: the form Chromium's virtual authenticator takes too (`WebAuthn.addCredential`). */
  privateKey: string;
}

export class SoftwareAuthenticator {
  readonly credentialId: string;
  private readonly key: KeyObject;

  constructor(from?: SoftwareCredential) {
    if (from) {
      this.credentialId = from.credentialId;
      this.key = createPrivateKey({
        key: Buffer.from(from.privateKey, 'base64'),
        format: 'der',
        type: 'pkcs8',
      });
    } else {
      this.credentialId = b64url(randomBytes(16));
      this.key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    }
  }

  get credential(): SoftwareCredential {
    return {
      credentialId: this.credentialId,
      privateKey: this.key.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    };
  }

  /** The public key as COSE (EC2, ES256): what a server stores. */
  get cosePublicKey(): Uint8Array {
    const jwk = this.key.export({ format: 'jwk' });
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(rpId: string, flags: number, attested?: Buffer, counter = 0): Buffer {
    const signCount = Buffer.alloc(4);
    signCount.writeUInt32BE(counter);
    const parts: Buffer[] = [createHash('sha256').update(rpId).digest(), Buffer.from([flags]), signCount];
    if (attested) parts.push(attested);
    return Buffer.concat(parts);
  }

  /** Answers registration options (`optionsJSON`) as `startRegistration` would. */
  register(options: Record<string, unknown>, origin: string) {
    const rpId = (options.rp as { id: string }).id;
    const id = Buffer.from(this.credentialId, 'base64url');
    const attested = Buffer.concat([
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([id.length >> 8, id.length & 0xff]),
      id,
      this.cosePublicKey,
    ]);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = this.authData(rpId, 0x45, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', String(options.challenge), origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** Answers authentication options as `startAuthentication` would, with the signature counter `counter`. */
  authenticate(options: Record<string, unknown>, origin: string, counter = 0) {
    const rpId = String(options.rpId);
    const authData = this.authData(rpId, 0x05, undefined, counter);
    const clientData = this.clientData('webauthn.get', String(options.challenge), origin);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(sign('sha256', signed, this.key)),
      },
      clientExtensionResults: {},
    };
  }
}
