import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../testing/test-session';
import { SCROLL_DELAY_MS, SCROLL_DURATION_MS, useScrollToTop } from './use-scroll-to-top';

function Page() {
  useScrollToTop();
  return null;
}

function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

describe('useScrollToTop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    scrolledTo(600);
  });
  afterEach(() => {
    vi.useRealTimers();
    scrolledTo(0);
  });

  async function renderAndSettle() {
    const rendered = renderWithRouter([{ path: '*', element: <Page /> }], { path: '/home' });
    await act(() => vi.runAllTimersAsync());
    vi.mocked(window.scrollTo).mockClear();
    return rendered;
  }

  /** The positions the hook scrolled to, in order. */
  const positions = () =>
    vi.mocked(window.scrollTo).mock.calls.map(([options]) => (options as ScrollToOptions).top);

  it('scrolls smoothly to the top 100 ms after every navigation', async () => {
    const { router } = await renderAndSettle();
    await act(() => router.navigate('/terms'));
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_DELAY_MS - 1));
    expect(window.scrollTo).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1 + SCROLL_DURATION_MS + 50));
    const steps = positions();
    expect(steps.length).toBeGreaterThan(5);
    expect(steps.at(-1)).toBe(0);
    expect(steps.every((top = 0, index) => index === 0 || top <= (steps[index - 1] ?? 0))).toBe(
      true,
    );
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });

    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/privacy-policy'));
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_DELAY_MS + SCROLL_DURATION_MS + 50));
    expect(positions().at(-1)).toBe(0);
  });

  it('leaves a page that is already at the top alone', async () => {
    const { router } = await renderAndSettle();
    scrolledTo(0);
    await act(() => router.navigate('/terms'));
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_DELAY_MS * 2));
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('does not yank a reader who scrolls or clicks during the delay', async () => {
    const { router } = await renderAndSettle();
    await act(() => router.navigate('/terms'));
    fireEvent.wheel(window);
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_DELAY_MS * 2));
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it.each([
    ['a pointer press', () => fireEvent.pointerDown(window)],
    ['a key press', () => fireEvent.keyDown(window, { key: 'Enter' })],
    ['the wheel', () => fireEvent.wheel(window)],
  ])('stops a scroll under way in the frame it is at on %s', async (_input, press) => {
    const { router } = await renderAndSettle();
    await act(() => router.navigate('/terms'));
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_DELAY_MS + SCROLL_DURATION_MS / 2));
    const reached = positions();
    expect(reached.length).toBeGreaterThan(1);
    press();
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_DURATION_MS * 2));
    expect(positions()).toEqual(reached);
    expect(reached.at(-1)).toBeGreaterThan(0);
  });

  it('jumps to the top without animation for readers who prefer reduced motion', async () => {
    const { router } = await renderAndSettle();
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        ...matchMedia(query),
        matches: query.includes('prefers-reduced-motion'),
      }) as MediaQueryList;
    try {
      await act(() => router.navigate('/terms'));
      await act(() => vi.advanceTimersByTimeAsync(SCROLL_DELAY_MS + SCROLL_DURATION_MS));
      expect(positions()).toEqual([0]);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
