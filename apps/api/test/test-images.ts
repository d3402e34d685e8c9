/**
 * Real picture bytes for upload tests: a PNG of any size (the seed's `encodePng`), a JPEG's header segments up to
 * its scan, and 1x1 WebP files in the three encodings (the widely used feature-detection samples), one of which
 * can be given another canvas size.
 */
import { encodePng } from '../src/composition/seed/png.ts';

/** A solid-colour PNG. */
export function pngBytes(width: number, height: number): Uint8Array {
  return encodePng(width, height, new Uint8Array(width * height * 4).fill(0x7f));
}

/** A baseline JPEG's header: SOI, APP0 (JFIF), a quantisation table, SOF0 with the size, SOS, then EOI. */
export function jpegBytes(width: number, height: number): Uint8Array {
  const segment = (marker: number, body: number[]) => [0xff, marker, 0, body.length + 2, ...body];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...Array.from({ length: 64 }, () => 1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xda, [1, 1, 0, 0, 0x3f, 0]),
    0x00,
    0xff,
    0xd9,
  ]);
}

const webpSamples = {
  lossy: 'UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA',
  lossless: 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==',
  extended:
    'UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==',
} as const;

/** A 1x1 WebP; the extended (VP8X) one can declare another canvas size. */
export function webpBytes(
  encoding: keyof typeof webpSamples,
  size?: { width: number; height: number },
): Uint8Array {
  const bytes = Buffer.from(webpSamples[encoding], 'base64');
  if (size && encoding === 'extended') {
    bytes.writeUIntLE(size.width - 1, 24, 3);
    bytes.writeUIntLE(size.height - 1, 27, 3);
  }
  return new Uint8Array(bytes);
}
