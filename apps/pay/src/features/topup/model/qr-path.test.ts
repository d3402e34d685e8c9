import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { qrPath } from './qr-path.ts';

/** The modules a path paints, read back from its rectangles. */
function painted(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let i = 0; i < Number(w); i++) grid[Number(y)]![Number(x) + i] = true;
  return grid;
}

describe('qrPath', () => {
  const payload = '00020101021226QRIS0a1b2c3d4e5f6a7b8c9d0e1f2a5303IDR5407160000058 02ID6304';

  it('paints exactly the dark modules of the code', () => {
    const { size, path } = qrPath(payload);
    const { data } = encode(payload, { ecc: 'M', border: 0 });
    expect(size).toBe(data.length);
    expect(painted(path, size)).toEqual(data);
  });

  it('draws the three finder patterns in the corners', () => {
    const { size, path } = qrPath(payload);
    const grid = painted(path, size);
    for (const [x, y] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ]) {
      expect(grid[y!]!.slice(x!, x! + 7)).toEqual(Array(7).fill(true));
      expect(grid[y! + 1]!.slice(x!, x! + 7)).toEqual([true, false, false, false, false, false, true]);
    }
  });
});
