import { useCallback, useEffect, useState } from 'react';

/** Math is rendered again 100 ms after a change, then a second time at 500 ms. */
export const EQUATION_REFRESH_DELAYS_MS = [100, 500] as const;

/**
 * A render key for the lesson view that changes 100 ms and 500 ms after the lesson changes and
 * after each `refresh()`, so equations laid out before fonts or the page width settled are
 * drawn again.
 */
export function useEquationRefresh(markdown: string | null | undefined) {
  const [pass, setPass] = useState(0);
  const [requests, setRequests] = useState(0);

  useEffect(() => {
    if (!markdown) return;
    const timers = EQUATION_REFRESH_DELAYS_MS.map((delay) =>
      setTimeout(() => setPass((current) => current + 1), delay),
    );
    return () => timers.forEach(clearTimeout);
  }, [markdown, requests]);

  const refresh = useCallback(() => {
    setPass((current) => current + 1);
    setRequests((current) => current + 1);
  }, []);

  return { renderKey: pass, refresh };
}
