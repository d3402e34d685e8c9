/**
 * H5 pages are designed at 360 px wide and sized in rem: the root font size follows the viewport width
 * (width / 360 of the base size), capped at 1.5 times so tablets and landscape phones do not balloon (spec 2).
 */
import { useLayoutEffect } from 'react';

export const h5BaseWidth = 360;
export const h5MaxScale = 1.5;
const baseFontPx = 16;

export function h5RootFontSize(viewportWidth: number): number {
  const scale = Math.min(Math.max(viewportWidth, 0) / h5BaseWidth, h5MaxScale);
  return Math.round(baseFontPx * scale * 100) / 100;
}

/**
 * Scales the root font while an H5 layout is shown; the desktop layout gets the browser default back. Before the
 * browser paints (a layout effect): scaled after the first paint, every rem-sized box on the page would move
 * once, a layout shift on every phone wider than 360 px (Lighthouse CLS 0.1-0.3 on the H5 landing pages).
 */
export function useH5RemScaling(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    const apply = () => {
      root.style.fontSize = `${h5RootFontSize(window.innerWidth)}px`;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      root.style.fontSize = '';
    };
  }, [active]);
}
