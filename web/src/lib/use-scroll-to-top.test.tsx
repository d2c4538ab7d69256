import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../testing/test-session';
import { SCROLL_DELAY_MS, useScrollToTop } from './use-scroll-to-top';

function Page() {
  useScrollToTop();
  return null;
}

describe('useScrollToTop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('scrolls smoothly to the top 100 ms after every navigation', async () => {
    const { router } = renderWithRouter([{ path: '*', element: <Page /> }], { path: '/home' });
    await act(() => vi.runAllTimersAsync());
    vi.mocked(window.scrollTo).mockClear();

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
});
