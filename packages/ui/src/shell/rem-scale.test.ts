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
