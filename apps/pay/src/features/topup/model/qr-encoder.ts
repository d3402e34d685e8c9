/**
 * The QR encoder (`qr-path.ts` with `uqr`), loaded on first use in a chunk of its own, once for the page: no pay
 * page's first load carries it, only the order page that draws a QR code.
 */
import type * as Encoder from './qr-path.ts';

let encoder: Promise<typeof Encoder> | undefined;

export function loadQrEncoder(): Promise<typeof Encoder> {
  encoder ??= import('./qr-path.ts').catch((error: unknown) => {
    // A dropped connection: the next try loads it again.
    encoder = undefined;
    throw error;
  });
  return encoder;
}
