import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { h5RootFontSize } from './rem-scale.ts';

describe('h5RootFontSize', () => {
  it.each([
    [360, 16],
    [320, 14.22],
    [414, 18.4],
    [540, 24],
    [1024, 24], // capped at 1.5x
  ])('%i px wide -> %f px', (width, size) => {
    expect(h5RootFontSize(width)).toBe(size);
  });
});

describe('the H5 root font in CSS', () => {
  it('is the formula of h5RootFontSize, so a server-rendered page is scaled before its scripts run', () => {
    const css = readFileSync(join(__dirname, '../tokens.css'), 'utf8');
    const rule = /html\[data-h5\]\s*{\s*font-size:\s*min\(100vw \/ ([\d.]+), (\d+)px\);/.exec(css);
    expect(rule).not.toBeNull();
    const [divisor, cap] = [Number(rule![1]), Number(rule![2])];
    for (const width of [320, 360, 414, 540, 1024]) {
      expect(Math.round(Math.min(width / divisor, cap) * 100) / 100).toBe(h5RootFontSize(width));
    }
  });
});
