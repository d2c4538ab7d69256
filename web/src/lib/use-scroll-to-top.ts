import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Delay before scrolling to the top after a navigation (spec §9). */
export const SCROLL_DELAY_MS = 100;

/** Input that means the reader is already moving on the new page. */
const USER_INPUT_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls smoothly to the top of the page after every completed navigation. A page that is
 * already at the top is left alone, and input during the delay cancels the scroll, so a reader
 * (or a click) that starts at once is never yanked away.
 */
export function useScrollToTop(): void {
  const { key } = useLocation();
  useEffect(() => {
    if (window.scrollY === 0) return undefined;
    const cancel = () => window.clearTimeout(timer);
    const timer = window.setTimeout(() => {
      window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
    }, SCROLL_DELAY_MS);
    for (const event of USER_INPUT_EVENTS) {
      window.addEventListener(event, cancel, { passive: true });
    }
    return () => {
      cancel();
      for (const event of USER_INPUT_EVENTS) window.removeEventListener(event, cancel);
    };
  }, [key]);
}
