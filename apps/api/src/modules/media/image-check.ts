/**
 * What an uploaded picture really is, from its bytes alone (the name and the browser's content type are the
 * uploader's claims): PNG, JPEG or WebP, and its intrinsic size, read from the headers without decoding the
 * pixels. The PNG and JPEG signatures are also the customer-service attachments' (tickets' file-check.ts).
 */
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

/** PNG: the 8-byte signature followed by the IHDR chunk (length 13). */
export function isPng(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, pngSignature) &&
    startsWith(bytes.subarray(8), [0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52])
  );
}

/** JPEG: SOI (FF D8) followed by a marker (FF xx). */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && startsWith(bytes, [0xff, 0xd8, 0xff]);
}

export interface ImageInfo {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  /** The extension media ids get (`<hash>.<extension>`). */
  extension: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, from: number, text: string) =>
  bytes.length >= from + text.length && [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));

/** WebP: a RIFF container whose form type is WEBP. */
export function isWebp(bytes: Uint8Array): boolean {
  return ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP');
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** PNG: IHDR is the first chunk; width and height are its first two big-endian words. */
function pngSize(bytes: Uint8Array) {
  if (bytes.length < 24) return undefined;
  const v = view(bytes);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

/** Markers that stand alone, without a length: TEM and the restart markers. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** Start-of-frame markers (every coding process), which carry the image size. */
const startOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walk the marker segments up to the frame header (SOFn: length, precision, height, width). */
function jpegSize(bytes: Uint8Array) {
  const v = view(bytes);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (standalone(marker)) {
      at += 2;
      continue;
    }
    // The scan or the end came before any frame header: not a picture we can lay out.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = v.getUint16(at + 2);
    if (length < 2) return undefined;
    if (startOfFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return { width: v.getUint16(at + 7), height: v.getUint16(at + 5) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended); each stores the size its way. */
function webpSize(bytes: Uint8Array) {
  if (bytes.length < 30) return undefined;
  const v = view(bytes);
  if (ascii(bytes, 12, 'VP8 ')) {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height (2 bits of scaling each).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
  }
  if (ascii(bytes, 12, 'VP8L')) {
    // Signature 0x2f, then width - 1 and height - 1 in 14 bits each, little-endian bit order.
    if (bytes[20] !== 0x2f) return undefined;
    const bits = v.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(bytes, 12, 'VP8X')) {
    // Flags (4 bytes), then canvas width - 1 and height - 1 in 24 bits each.
    const width = (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16)) + 1;
    const height = (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16)) + 1;
    return { width, height };
  }
  return undefined;
}

/** The picture's type and size, or undefined when the bytes are no PNG, JPEG or WebP with a readable size. */
export function imageInfo(bytes: Uint8Array): ImageInfo | undefined {
  const found = isPng(bytes)
    ? { contentType: 'image/png' as const, extension: 'png' as const, size: pngSize(bytes) }
    : isJpeg(bytes)
      ? { contentType: 'image/jpeg' as const, extension: 'jpg' as const, size: jpegSize(bytes) }
      : isWebp(bytes)
        ? { contentType: 'image/webp' as const, extension: 'webp' as const, size: webpSize(bytes) }
        : undefined;
  if (!found?.size || found.size.width < 1 || found.size.height < 1) return undefined;
  return { contentType: found.contentType, extension: found.extension, ...found.size };
}
