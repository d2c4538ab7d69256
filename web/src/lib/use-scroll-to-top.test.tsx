import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../testing/test-session';
import { SCROLL_DELAY_MS, useScrollToTop } from './use-scroll-to-top';

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

  it('scrolls smoothly to the top 100 ms after every navigation', async () => {
    const { router } = await renderAndSettle();
    await act(() => router.navigate('/terms'));
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_DELAY_MS - 1));
    expect(window.scrollTo).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(window.scrollTo).toHaveBeenCalledExactlyOnceWith({
      top: 0,
      left: 0,
      behavior: 'smooth',
    });

    await act(() => router.navigate('/privacy-policy'));
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_DELAY_MS));
    expect(window.scrollTo).toHaveBeenCalledTimes(2);
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
});
