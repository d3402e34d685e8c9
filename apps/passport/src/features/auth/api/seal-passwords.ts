/**
 * Passwords leave the browser RSA-OAEP encrypted (SHA-256) with a one-time nonce from /web/rsa_public
 * (DESIGN section 6). All passwords of one form share the nonce; the server spends it once.
 */
import { rsaPublic } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';

function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function sealPasswords(...passwords: string[]): Promise<string[]> {
  const { public_key, nonce } = await api.call(rsaPublic, {});
  const key = await crypto.subtle.importKey(
    'spki',
    pemToDer(public_key),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  return Promise.all(
    passwords.map(async (p) =>
      toBase64(
        await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(`${nonce}:${p}`)),
      ),
    ),
  );
}
