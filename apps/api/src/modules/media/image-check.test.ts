import { describe, expect, it } from 'vitest';
import { jpegBytes, pngBytes, webpBytes } from '../../../test/test-images.ts';
import { imageInfo, isWebp } from './image-check.ts';

describe('imageInfo', () => {
  it('reads the type and size of PNG, JPEG and every WebP encoding from the bytes', () => {
    expect(imageInfo(pngBytes(800, 450))).toEqual({
      contentType: 'image/png',
      extension: 'png',
      width: 800,
      height: 450,
    });
    expect(imageInfo(jpegBytes(1200, 400))).toEqual({
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: 1200,
      height: 400,
    });
    for (const encoding of ['lossy', 'lossless', 'extended'] as const) {
      expect(imageInfo(webpBytes(encoding)), encoding).toEqual({
        contentType: 'image/webp',
        extension: 'webp',
        width: 1,
        height: 1,
      });
    }
    expect(imageInfo(webpBytes('extended', { width: 750, height: 420 }))).toMatchObject({
      width: 750,
      height: 420,
    });
  });

  it('skips fill bytes and standalone markers before the JPEG frame header', () => {
    const jpeg = jpegBytes(640, 360);
    const padded = Uint8Array.from([0xff, 0xd8, 0xff, 0xff, 0xd0, ...jpeg.subarray(2)]);
    expect(imageInfo(padded)).toMatchObject({ width: 640, height: 360 });
  });

  it('refuses what only claims to be a picture', () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>');
    const gif = new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000');
    const html = new TextEncoder().encode('<html><body>hello</body></html>');
    const riffWave = new TextEncoder().encode('RIFF\u0024\u0000\u0000\u0000WAVEfmt ');
    for (const bytes of [svg, gif, html, riffWave, new Uint8Array()])
      expect(imageInfo(bytes)).toBeUndefined();
    expect(isWebp(riffWave)).toBe(false);
  });

  it('refuses a picture whose header is cut off or has no size', () => {
    expect(imageInfo(pngBytes(10, 10).subarray(0, 20))).toBeUndefined();
    const jpeg = jpegBytes(10, 10);
    expect(imageInfo(jpeg.subarray(0, 30))).toBeUndefined();
    // Scan before any frame header.
    expect(imageInfo(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]))).toBeUndefined();
    expect(imageInfo(pngBytes(0, 0))).toBeUndefined();
    expect(imageInfo(webpBytes('lossy').subarray(0, 24))).toBeUndefined();
  });
});
