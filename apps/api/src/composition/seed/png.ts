/**
 * A PNG encoder for the demo games' icons (truecolour with alpha, 8 bits a channel). The seed's pictures are PNG
 * or JPEG, as an operator's uploads are (PNG, JPEG or WebP: media `imageInfo`), never SVG: a browser lays out and
 * paints each SVG picture as a document of its own on the page's main thread, which a real site's pictures do not
 * cost it.
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

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
}

/** `pixels`: width x height pixels, row by row, 4 bytes each (red, green, blue, alpha; not premultiplied). */
export function encodePng(width: number, height: number, pixels: Uint8Array): Uint8Array {
  const channels = 4;
  const stride = width * channels;
  if (pixels.length !== stride * height)
    throw new Error(`encodePng: ${pixels.length} bytes for ${width}x${height}`);
  // Each row is written through the filter that leaves it the smallest differences (the usual heuristic: the
  // least sum of the bytes read as signed), so smooth artwork deflates well.
  const rows = Buffer.alloc((stride + 1) * height);
  const candidate = new Uint8Array(stride);
  const best = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const above = y === 0 ? undefined : pixels.subarray((y - 1) * stride, y * stride);
    let bestFilter = 0;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let filter = 0; filter <= 4; filter++) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const left = i >= channels ? row[i - channels]! : 0;
        const up = above ? above[i]! : 0;
        const upLeft = above && i >= channels ? above[i - channels]! : 0;
        const predicted =
          filter === 0
            ? 0
            : filter === 1
              ? left
              : filter === 2
                ? up
                : filter === 3
                  ? (left + up) >> 1
                  : paeth(left, up, upLeft);
        const value = (row[i]! - predicted) & 0xff;
        candidate[i] = value;
        score += value < 128 ? value : 256 - value;
      }
      if (score < bestScore) {
        bestScore = score;
        bestFilter = filter;
        best.set(candidate);
      }
    }
    const at = y * (stride + 1);
    rows[at] = bestFilter;
    rows.set(best, at + 1);
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
