import { configure } from '@testing-library/react';

// antd reads media queries for its responsive components; jsdom has no matchMedia.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's text areas, selects and tabs watch their size; jsdom has no ResizeObserver (and no layout to watch).
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// antd measures the scrollbar through a pseudo-element when a modal opens; jsdom implements getComputedStyle
// without pseudo-elements and logs a warning for each such call. The element's own style is what jsdom has.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);

// The rich-text editor (ProseMirror) measures text ranges to keep the caret in view; jsdom has no layout and no
// such methods on Range, and the missing one surfaced as an unhandled error after the tests had passed.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

// Lazy routes pull in antd; on a busy two-core machine that can take longer than testing-library's default second.
configure({ asyncUtilTimeout: 10_000 });
