/**
 * A PNG encoder (truecolour with alpha, 8 bits a channel) for the demo games' icons and the tests' pictures. The
 * seed's pictures are PNG or JPEG, as an operator's uploads are (PNG, JPEG or WebP: media `imageInfo`), never SVG:
 * a browser lays out and paints each SVG picture as a document of its own on the page's main thread, which a real
 * site's pictures do not cost it.
 */
import { crc32, deflateSync } from 'node:zlib';

const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** `pixels`: width x height pixels, row by row, 4 bytes each (red, green, blue, alpha; not premultiplied). */
export function encodePng(width: number, height: number, pixels: Uint8Array): Uint8Array {
  const channels = 4;
  const stride = width * channels;
  if (pixels.length !== stride * height)
    throw new Error(`encodePng: ${pixels.length} bytes for ${width}x${height}`);
  // Each row is written as its difference from the row above (filter "Up"): smooth artwork deflates well so.
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1);
    rows[at] = y === 0 ? 0 : 2;
    for (let i = 0; i < stride; i++) {
      const above = y === 0 ? 0 : pixels[(y - 1) * stride + i]!;
      rows[at + 1 + i] = (pixels[y * stride + i]! - above) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // truecolour with alpha
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
