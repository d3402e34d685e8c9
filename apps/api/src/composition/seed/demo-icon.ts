/**
 * Generated square icons for demo games: a rounded gradient tile with a simple emblem, drawn into a 256 px PNG
 * (png.ts says why not SVG). No text is drawn into them (demo-art.ts): the game's name is written beside its icon
 * wherever the icon is shown.
 */
import { rgb } from './demo-art.ts';
import { encodePng } from './png.ts';

export interface IconSpec {
  from: string;
  to: string;
  emblem: 'star' | 'blade' | 'wave' | 'tower';
}

type Point = readonly [number, number];
/** A closed polygon, filled by the non-zero rule. */
type Polygon = readonly Point[];

const size = 256;
const corner = 56;

/** A straight stroke of `width` with butt ends, as a polygon. */
function stroke([x1, y1]: Point, [x2, y2]: Point, width: number): Polygon {
  const length = Math.hypot(x2 - x1, y2 - y1);
  const nx = (-(y2 - y1) / length) * (width / 2);
  const ny = ((x2 - x1) / length) * (width / 2);
  return [
    [x1 + nx, y1 + ny],
    [x2 + nx, y2 + ny],
    [x2 - nx, y2 - ny],
    [x1 - nx, y1 - ny],
  ];
}

/** A round dot of `width` across at `centre`, as a polygon. */
function dot([x, y]: Point, width: number): Polygon {
  return Array.from({ length: 16 }, (_, i) => {
    const angle = (i / 16) * 2 * Math.PI;
    return [x + (Math.cos(angle) * width) / 2, y + (Math.sin(angle) * width) / 2] as const;
  });
}

/** The outline of a closed path stroked `width` wide, with round corners. */
function outline(points: Polygon, width: number): Polygon[] {
  return points.flatMap((p, i) => [stroke(p, points[(i + 1) % points.length]!, width), dot(p, width)]);
}

function cubic(from: Point, c1: Point, c2: Point, to: Point, steps = 16): Point[] {
  return Array.from({ length: steps }, (_, i) => {
    const t = (i + 1) / steps;
    const u = 1 - t;
    const at = (k: 0 | 1) =>
      u * u * u * from[k] + 3 * u * u * t * c1[k] + 3 * u * t * t * c2[k] + t * t * t * to[k];
    return [at(0), at(1)] as const;
  });
}

/** Each emblem as polygons, with the white's opacity (the shapes of the earlier SVG icons). */
const emblems: Record<IconSpec['emblem'], { shapes: Polygon[]; alpha: number }> = {
  star: {
    shapes: [
      [
        [128, 40],
        [150, 92],
        [206, 97],
        [164, 134],
        [177, 189],
        [128, 160],
        [79, 189],
        [92, 134],
        [50, 97],
        [106, 92],
      ],
    ],
    alpha: 0.28,
  },
  blade: {
    shapes: [
      ...outline(
        [
          [60, 196],
          [178, 52],
          [196, 60],
          [86, 210],
        ],
        10,
      ),
      stroke([70, 176], [92, 198], 10),
    ],
    alpha: 0.3,
  },
  wave: {
    shapes: [
      [
        [20, 150],
        ...cubic([20, 150], [50, 120], [80, 120], [110, 150]),
        ...cubic([110, 150], [140, 180], [170, 180], [200, 150]),
        ...cubic([200, 150], [230, 120], [240, 122], [256, 130]),
        [256, 190],
        [20, 190],
      ],
    ],
    alpha: 0.25,
  },
  tower: {
    shapes: [
      ...outline(
        [
          [98, 210],
          [98, 92],
          [128, 52],
          [158, 92],
          [158, 210],
        ],
        10,
      ),
      stroke([80, 210], [176, 210], 10),
    ],
    alpha: 0.3,
  },
};

interface Shape {
  polygon: Polygon;
  box: { left: number; top: number; right: number; bottom: number };
}

function shape(polygon: Polygon): Shape {
  const xs = polygon.map(([x]) => x);
  const ys = polygon.map(([, y]) => y);
  return {
    polygon,
    box: { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) },
  };
}

function inside({ polygon, box }: Shape, x: number, y: number): boolean {
  if (x < box.left || x > box.right || y < box.top || y > box.bottom) return false;
  let winding = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i]!;
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    if (y1 <= y === y2 <= y) continue;
    const crossX = x1 + ((y - y1) * (x2 - x1)) / (y2 - y1);
    if (crossX > x) winding += y2 > y1 ? 1 : -1;
  }
  return winding !== 0;
}

function inTile(x: number, y: number): boolean {
  const dx = Math.max(corner - x, x - (size - corner), 0);
  const dy = Math.max(corner - y, y - (size - corner), 0);
  return dx * dx + dy * dy <= corner * corner;
}

/** Samples per pixel side: 4 x 4 samples smooth the edges. */
const samples = 4;

export function gameIconPng(spec: IconSpec): Uint8Array {
  const [a, b] = [rgb(spec.from), rgb(spec.to)];
  const emblem = emblems[spec.emblem];
  const shapes = emblem.shapes.map(shape);
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Premultiplied sums over the pixel's samples.
      let r = 0;
      let g = 0;
      let bl = 0;
      let coverage = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const px = x + (sx + 0.5) / samples;
          const py = y + (sy + 0.5) / samples;
          if (!inTile(px, py)) continue;
          const t = (px + py) / (2 * size);
          const white = shapes.some((s) => inside(s, px, py)) ? emblem.alpha : 0;
          r += (a[0] + (b[0] - a[0]) * t) * (1 - white) + 255 * white;
          g += (a[1] + (b[1] - a[1]) * t) * (1 - white) + 255 * white;
          bl += (a[2] + (b[2] - a[2]) * t) * (1 - white) + 255 * white;
          coverage += 1;
        }
      }
      if (coverage === 0) continue;
      const at = (y * size + x) * 4;
      pixels[at] = Math.round(r / coverage);
      pixels[at + 1] = Math.round(g / coverage);
      pixels[at + 2] = Math.round(bl / coverage);
      pixels[at + 3] = Math.round((255 * coverage) / (samples * samples));
    }
  }
  return encodePng(size, size, pixels);
}
