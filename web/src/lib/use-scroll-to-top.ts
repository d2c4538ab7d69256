import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Delay before scrolling to the top after a navigation. */
export const SCROLL_DELAY_MS = 100;

/** How long the smooth scroll to the top takes. */
export const SCROLL_DURATION_MS = 300;

/** Input that means the reader is already moving on the new page. */
const USER_INPUT_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const easeInOut = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/**
 * Scrolls smoothly to the top of the page after every completed navigation. A page that is
 * already at the top is left alone. Input stops the scroll: during the delay it never starts,
 * and once under way it stops in the very frame it is at, so what was just pressed stays under
 * the pointer until it is released (a press released over something else is no click at all).
 * The scroll is stepped frame by frame rather than left to the browser's smooth scrolling,
 * which cannot be stopped before it has moved the page one more frame.
 */
export function useScrollToTop(): void {
  const { key } = useLocation();
  useEffect(() => {
    if (window.scrollY === 0) return undefined;
    let frame = 0;
    const stop = () => {
      window.clearTimeout(timer);
      window.cancelAnimationFrame(frame);
      for (const event of USER_INPUT_EVENTS) window.removeEventListener(event, stop);
    };
    const scrollTo = (top: number) => window.scrollTo({ top, left: 0, behavior: 'instant' });
    const timer = window.setTimeout(() => {
      if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
        scrollTo(0);
        stop();
        return;
      }
      const from = window.scrollY;
      let start: number | null = null;
      const step = (now: number) => {
        start ??= now;
        const progress = Math.min((now - start) / SCROLL_DURATION_MS, 1);
        scrollTo(Math.round(from * (1 - easeInOut(progress))));
        if (progress < 1) frame = window.requestAnimationFrame(step);
        else stop();
      };
      frame = window.requestAnimationFrame(step);
    }, SCROLL_DELAY_MS);
    for (const event of USER_INPUT_EVENTS) {
      window.addEventListener(event, stop, { passive: true });
    }
    return stop;
  }, [key]);
}
