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
 * Scales the root font while an H5 layout is shown; the desktop layout gets the browser default back. The size
 * itself is CSS (`html[data-h5]` in tokens.css, the formula of `h5RootFontSize`), so a page the server rendered
 * with the attribute is scaled before any script runs, and scripts never move it (no layout shift). Set before
 * the browser paints (a layout effect) on pages the client renders alone.
 */
export function useH5RemScaling(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    root.setAttribute(h5Attribute, '');
    return () => root.removeAttribute(h5Attribute);
  }, [active]);
}

/** The attribute of `<html>` that scales the root font for the H5 layout. */
export const h5Attribute = 'data-h5';
