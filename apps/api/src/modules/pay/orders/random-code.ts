/** Order and payment numbers: readable, unique enough to be unguessable. */
import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

/** `count` random characters of an unambiguous alphabet (5 bits each). */
export function randomCode(count: number): string {
  const bytes = randomBytes(count);
  let out = '';
  for (const byte of bytes) out += alphabet[byte & 31];
  return out;
}

/** UTC date as YYYYMMDD. */
export const compactDate = (now: Date) => now.toISOString().slice(0, 10).replaceAll('-', '');
