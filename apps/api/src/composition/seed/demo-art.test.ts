import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { imageInfo } from '../../modules/media/index.ts';
import jpeg from 'jpeg-js';
import { artJpeg, artPixels, imageSizes, rgb } from './demo-art.ts';
import { gameIconPng } from './demo-icon.ts';

/** A PNG decoder of its own (8-bit truecolour with alpha only), so png.ts's filters are checked against the format. */
function decode(png: Uint8Array) {
  const bytes = Buffer.from(png);
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect(body[8]).toBe(8);
      expect(body[9]).toBe(6);
      channels = 4;
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? out[y * stride + i - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? out[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const predicted = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      if (predicted === undefined) throw new Error(`filter ${filter}`);
      out[y * stride + i] = (raw[y * (stride + 1) + 1 + i]! + predicted) & 0xff;
    }
  }
  return {
    width,
    height,
    channels,
    pixel: (x: number, y: number) => [
      ...out.subarray((y * width + x) * channels, (y * width + x + 1) * channels),
    ],
  };
}

const near = (actual: number[], expected: number[], by: number) =>
  actual.forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThanOrEqual(by));

describe('the demo pictures', () => {
  it('are pictures the uploads would take (JPEG art, PNG icons), of the size the page reserves for them', () => {
    for (const size of Object.values(imageSizes)) {
      const picture = artJpeg({ ...size, from: '#3b2a8f', to: '#e0569b', seed: 7 });
      expect(imageInfo(picture)).toEqual({ contentType: 'image/jpeg', extension: 'jpg', ...size });
    }
    expect(imageInfo(gameIconPng({ from: '#0f5c4d', to: '#38c98f', emblem: 'star' }))).toEqual({
      contentType: 'image/png',
      extension: 'png',
      width: 256,
      height: 256,
    });
  });

  it('draw the gradient in the game colours, lighter under circles and darker under the ridge', () => {
    const spec = { width: 640, height: 360, from: '#3b2a8f', to: '#e0569b', seed: 3 };
    const pixels = artPixels(spec);
    const [from, to] = [rgb(spec.from), rgb(spec.to)];
    const gradient = (x: number, y: number) =>
      from.map((v, c) => v + ((to[c]! - v) * ((x + 0.5) / spec.width + (y + 0.5) / spec.height)) / 2);
    // Six circles of at most 17% white each lighten a pixel by at most this share of the way to white.
    const lightest = 1 - 0.83 ** 6;
    const check = (y: number, shade: number) => {
      for (let x = 0; x < spec.width; x++) {
        const under = gradient(x, y);
        for (let c = 0; c < 3; c++) {
          const value = pixels[(y * spec.width + x) * 4 + c]!;
          expect(value).toBeGreaterThanOrEqual(Math.floor(under[c]! * shade));
          expect(value).toBeLessThanOrEqual(Math.ceil((under[c]! + (255 - under[c]!) * lightest) * shade));
        }
      }
    };
    // The ridge lies between 55% and 85% of the height: the top row is never shaded, the bottom one always.
    check(0, 1);
    check(spec.height - 1, 0.82);
    expect(new Set(Array.from({ length: spec.width }, (_, x) => pixels[x * 4])).size).toBeGreaterThan(20);
  });

  it('encode the art as the pixels drawn', () => {
    const spec = { width: 640, height: 360, from: '#0b4f8a', to: '#22b8e6', seed: 11 };
    const drawn = artPixels(spec);
    const decoded = jpeg.decode(artJpeg(spec), { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([640, 360]);
    let error = 0;
    for (let i = 0; i < drawn.length; i++) if (i % 4 !== 3) error += Math.abs(drawn[i]! - decoded.data[i]!);
    expect(error / ((drawn.length / 4) * 3)).toBeLessThan(2);
  });

  it('draw the icon tile with transparent rounded corners and the emblem in white over the gradient', () => {
    const { channels, pixel } = decode(gameIconPng({ from: '#0f5c4d', to: '#38c98f', emblem: 'tower' }));
    expect(channels).toBe(4);
    expect(pixel(0, 0)[3]).toBe(0);
    expect(pixel(255, 255)[3]).toBe(0);
    const centreLeft = pixel(20, 128);
    expect(centreLeft[3]).toBe(255);
    near(
      centreLeft.slice(0, 3),
      rgb('#0f5c4d').map((v, i) => v + (rgb('#38c98f')[i]! - v) * (148 / 512)),
      2,
    );
    // The tower's left wall (x 98, stroked 10 wide) is the gradient 30% of the way to white.
    const wall = pixel(98, 150);
    const under = rgb('#0f5c4d').map((v, i) => v + (rgb('#38c98f')[i]! - v) * (248.5 / 512));
    near(
      wall.slice(0, 3),
      under.map((v) => v * 0.7 + 255 * 0.3),
      2,
    );
  });
});
