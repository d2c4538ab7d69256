import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Delay before scrolling to the top after a navigation (spec §9). */
export const SCROLL_DELAY_MS = 100;

/** Scrolls smoothly to the top of the page after every completed navigation. */
export function useScrollToTop(): void {
  const { key } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key]);
}
