import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// CI runs these beside the API tests on two cores: a page's first render can take longer than
// Testing Library's default second to appear, which would fail a test that is not wrong.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

/**
 * jsdom has no matchMedia. This one answers width queries for jsdom's 1024 px wide window, so
 * `useMediaQuery` agrees with the CSS media queries jsdom applies.
 */
function matchesWidthQuery(query: string): boolean {
  const conditions = query.replace(/^@media\s*/, '').split(/\s+and\s+/);
  return conditions.every((condition) => {
    const match = /\((min|max)-width:\s*([\d.]+)px\)/.exec(condition);
    if (!match) return false;
    const limit = Number(match[2]);
    return match[1] === 'min' ? window.innerWidth >= limit : window.innerWidth <= limit;
  });
}

window.matchMedia = (query: string) =>
  ({
    matches: matchesWidthQuery(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.clearAllMocks();
});
