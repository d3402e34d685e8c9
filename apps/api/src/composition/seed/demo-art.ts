/**
 * Generated artwork for demo banners and covers: a diagonal gradient in the game's colours with translucent
 * circles and a darker ridge, drawn into a JPEG, as a publisher's artwork usually is (png.ts says why not SVG). No
 * text is drawn into images; titles are real text on the page, so they translate and stay readable.
 */
import jpeg from 'jpeg-js';

export interface ArtSpec {
  width: number;
  height: number;
  from: string;
  to: string;
  /** Varies the shapes so items of one game do not look identical. */
  seed: number;
}

function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `#rrggbb` as three channels. */
export function rgb(hex: string): [number, number, number] {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(value, 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** The picture's pixels, row by row, 4 bytes each (opaque). */
export function artPixels({ width, height, from, to, seed }: ArtSpec): Uint8Array {
  const rnd = random(seed);
  const circles = Array.from({ length: 6 }, () => {
    const r = Math.round((0.08 + rnd() * 0.3) * height);
    return { x: Math.round(rnd() * width), y: Math.round(rnd() * height), r, alpha: 0.05 + rnd() * 0.12 };
  });
  const ridge = Array.from({ length: 7 }, (_, i) => ({
    x: (i / 6) * width,
    y: Math.round(height * (0.55 + rnd() * 0.3)),
  }));
  const [a, b] = [rgb(from), rgb(to)];
  const pixels = new Uint8Array(width * height * 4);
  const colour = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    const cy = y + 0.5;
    // Only the circles this row crosses are looked at for its pixels.
    const crossing = circles.filter((circle) => Math.abs(cy - circle.y) < circle.r + 1);
    for (let x = 0; x < width; x++) {
      const cx = x + 0.5;
      // The gradient runs from the top-left corner to the bottom-right one across the picture's own box.
      const t = (cx / width + cy / height) / 2;
      for (let c = 0; c < 3; c++) colour[c] = a[c]! + (b[c]! - a[c]!) * t;
      for (const circle of crossing) {
        const dx = cx - circle.x;
        const dy = cy - circle.y;
        const reach = circle.r + 0.5;
        if (dx * dx + dy * dy >= reach * reach) continue;
        // Coverage of the pixel by the circle's edge, one pixel wide: smooth edges without supersampling.
        const alpha = circle.alpha * clamp01(reach - Math.sqrt(dx * dx + dy * dy));
        for (let c = 0; c < 3; c++) colour[c] = colour[c]! * (1 - alpha) + 255 * alpha;
      }
      const segment = Math.min(5, Math.floor((cx / width) * 6));
      const left = ridge[segment]!;
      const right = ridge[segment + 1]!;
      const top = left.y + ((right.y - left.y) * (cx - left.x)) / (right.x - left.x);
      const shade = 0.18 * clamp01(y + 1 - top);
      const at = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) pixels[at + c] = Math.round(colour[c]! * (1 - shade));
      pixels[at + 3] = 255;
    }
  }
  return pixels;
}

export function artJpeg(spec: ArtSpec): Uint8Array {
  // Quality 80: what image tools export artwork at by default; the gradients show no banding.
  return jpeg.encode({ data: artPixels(spec), width: spec.width, height: spec.height }, 80).data;
}

export const imageSizes = {
  banner: { width: 1200, height: 400 },
  bannerH5: { width: 750, height: 420 },
  cover: { width: 800, height: 450 },
  coverH5: { width: 640, height: 360 },
} as const;
