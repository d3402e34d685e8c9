/**
 * Generated artwork for demo banners and covers: a gradient in the game's colours with layered shapes. No text
 * is drawn into images; titles are real text on the page, so they translate and stay readable.
 */
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

export function artSvg({ width, height, from, to, seed }: ArtSpec): string {
  const rnd = random(seed);
  const circles = Array.from({ length: 6 }, () => {
    const r = Math.round((0.08 + rnd() * 0.3) * height);
    return `<circle cx="${Math.round(rnd() * width)}" cy="${Math.round(rnd() * height)}" r="${r}" fill="#fff" fill-opacity="${(0.05 + rnd() * 0.12).toFixed(2)}"/>`;
  });
  const ridge = Array.from(
    { length: 7 },
    (_, i) => `${Math.round((i / 6) * width)},${Math.round(height * (0.55 + rnd() * 0.3))}`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    ...circles,
    `<polygon points="0,${height} ${ridge.join(' ')} ${width},${height}" fill="#000" fill-opacity="0.18"/>`,
    '</svg>',
  ].join('');
}

export const imageSizes = {
  banner: { width: 1200, height: 400 },
  bannerH5: { width: 750, height: 420 },
  cover: { width: 800, height: 450 },
  coverH5: { width: 640, height: 360 },
} as const;
