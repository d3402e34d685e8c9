/**
 * A QR code as one SVG path: `uqr` (no dependencies, any runtime) encodes the payload, and each row's runs of
 * dark modules become one rectangle of the path, in module units. The screen draws it in a viewBox with the quiet
 * zone of four modules the standard asks for, so the code stays crisp at any size and on any screen density.
 * Imported lazily by the QR component: the encoder is not in the pay pages' first load.
 */
import { encode } from 'uqr';

export interface QrPath {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** The dark modules, in module units from the code's top left corner. */
  path: string;
}

/** The quiet zone around the code, in modules (ISO/IEC 18004). */
export const quietZone = 4;

export function qrPath(payload: string): QrPath {
  // M: 15% of the code may be lost (a smudged screen, a reflection) and a payment payload still fits a small code.
  const { size, data } = encode(payload, { ecc: 'M', border: 0 });
  const runs: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x += 1;
      runs.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  });
  return { size, path: runs.join('') };
}
