/**
 * What a narrow phone screen must never show: anything reaching past the sides of the viewport, a price
 * or a number broken over two lines, an item name whose number sits on another line than its word. Lines are
 * measured on the text itself (a Range's client rects: one per line box piece), so a block that wraps inside
 * counts as the lines it shows, whatever its own box says.
 */
import { expect, type Page } from '@playwright/test';

/**
 * The part of an item name that must stay on one line: its number with the word it belongs to - the word before
 * it ("ผงดาว 1980", "Sao 6480"), or the word after it when the number comes first ("1980 Bụi").
 */
export function numberWithWord(name: string): string {
  const words = name.trim().split(/\s+/);
  const at = words.findIndex((w) => /\d/.test(w));
  if (at < 0) return '';
  if (at > 0) return `${words[at - 1]} ${words[at]}`;
  return words.length > 1 ? `${words[0]} ${words[1]}` : words[0]!;
}

export interface NarrowReport {
  problems: string[];
  /** Prices found (their text), to prove the page was measured with its money on it. */
  prices: string[];
  /** The name units found on the page. */
  units: string[];
}

/** Measures the page as it is now; `names` are the item names it may show. */
export async function measureNarrow(page: Page, names: readonly string[]): Promise<NarrowReport> {
  const units = [...new Set(names.map(numberWithWord).filter(Boolean))];
  return page.evaluate((units) => {
    const problems: string[] = [];
    const root = document.documentElement;
    const vw = root.clientWidth;
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    /** Shown to the eye: has a size, is not hidden, and is not visually-hidden text (clipped to nothing). */
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };

    if (root.scrollWidth > vw) problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${vw} px`);
    const hidden = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      if (el.parentElement && hidden.has(el.parentElement)) {
        hidden.add(el);
        continue;
      }
      if (!shown(el)) {
        hidden.add(el);
        continue;
      }
      const rect = el.getBoundingClientRect();
      if (rect.right > vw + 0.5 || rect.left < -0.5)
        problems.push(
          `${describe(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of ${vw} px`,
        );
    }

    /** True when the text from `start` to `end` of `node` sits on one line. */
    const oneLine = (node: Text, start: number, end: number) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length <= 1) return true;
      // Pieces of one line overlap vertically (fonts of different heights included); two lines do not.
      return Math.max(...rects.map((r) => r.top)) < Math.min(...rects.map((r) => r.bottom));
    };

    const prices: string[] = [];
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const unitPatterns = units.map((unit) => ({
      unit,
      // A space may be a no-break one; a word joiner may sit between a number and the letters it touches.
      pattern: new RegExp(
        [...unit]
          .map((c) => (/\s/.test(c) ? '[\\s\\u00a0]+' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('\\u2060?'),
      ),
    }));
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || hidden.has(parent) || !node.data.trim()) continue;
      const text = node.data;
      // Every number stays whole (one standing on its own: an order number's digits belong to an identifier,
      // which may wrap anywhere).
      for (const m of text.matchAll(/(?<![\p{L}\d])\d(?:[\d.,]*\d)?(?![\p{L}\d])/gu)) {
        if (!oneLine(node, m.index, m.index + m[0].length))
          problems.push(`the number "${m[0]}" in ${describe(parent)} breaks over two lines`);
      }
      // A price (a text that is an amount with its currency) is one line.
      const trimmed = text.trim();
      if (
        /^\D{0,4}\d[\d.,\s\u00a0\u202f]*\d\D{0,4}$/.test(trimmed) &&
        /[฿₫₱$€]|Rp|RM|[A-Z]{3}/.test(trimmed)
      ) {
        prices.push(trimmed);
        const start = text.indexOf(trimmed);
        if (!oneLine(node, start, start + trimmed.length))
          problems.push(`the price "${trimmed}" in ${describe(parent)} breaks over two lines`);
      }
      // An item name's number stays with its word.
      for (const { unit, pattern } of unitPatterns) {
        const m = pattern.exec(text);
        if (!m) continue;
        found.add(unit);
        if (!oneLine(node, m.index, m.index + m[0].length))
          problems.push(`"${unit}" in ${describe(parent)} breaks over two lines`);
      }
    }
    return { problems, prices, units: [...found] };
  }, units);
}

/** Checks the page at each width (the page re-lays itself out; nothing reloads) and puts the viewport back. */
export async function expectWholeAtWidths(
  page: Page,
  what: string,
  names: readonly string[],
  expected: { prices?: readonly string[] | number; names?: readonly string[] } = {},
  widths: readonly number[] = [320, 360, 414],
): Promise<void> {
  const original = page.viewportSize() ?? { width: 360, height: 740 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: original.height });
    // The H5 root font follows the width on resize; wait until it has.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.clientWidth), {
        message: `${what} at ${width} px`,
      })
      .toBe(width);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const report = await measureNarrow(page, names);
    expect(report.problems, `${what} at ${width} px`).toEqual([]);
    if (typeof expected.prices === 'number')
      expect(
        report.prices.length,
        `prices on ${what} at ${width} px: ${report.prices.join(' | ')}`,
      ).toBeGreaterThanOrEqual(expected.prices);
    else if (expected.prices)
      for (const price of expected.prices)
        expect(report.prices, `${what} at ${width} px shows ${price}`).toContain(price);
    if (expected.names)
      expect(report.units.sort(), `item names measured on ${what} at ${width} px`).toEqual(
        [...new Set(expected.names.map(numberWithWord))].sort(),
      );
  }
  await page.setViewportSize(original);
}
