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

// Lazy routes pull in antd; on a busy two-core machine that can take longer than testing-library's default second.
configure({ asyncUtilTimeout: 5_000 });
