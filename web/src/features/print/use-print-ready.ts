import { useEffect, useState, type RefObject } from 'react';

/** Still drawing: a spinner (a lesson's diagram, a loading renderer) or an image not yet loaded. */
function isDrawing(element: HTMLElement): boolean {
  if (element.querySelector('[role="progressbar"]')) return true;
  return Array.from(element.querySelectorAll('img')).some((image) => !image.complete);
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Resolves once the fonts the page uses (KaTeX's among them) have loaded. */
async function fontsLoaded(): Promise<void> {
  // jsdom has no FontFaceSet.
  if (!('fonts' in document)) return;
  for (;;) {
    await document.fonts.ready;
    await nextFrame();
    if (document.fonts.status === 'loaded') return;
  }
}

/**
 * Whether everything under `root` is drawn: no spinner left (Mermaid diagrams are drawn), every
 * image loaded or failed, fonts loaded. Watches the subtree, so it follows lessons as they draw.
 * `shown` is false while the page has nothing to draw yet (its data is loading).
 */
export function usePrintReady(root: RefObject<HTMLElement | null>, shown: boolean): boolean {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = root.current;
    if (!shown || !element) return;
    let check = 0;
    const update = () => {
      const current = ++check;
      if (isDrawing(element)) {
        setReady(false);
        return;
      }
      void fontsLoaded().then(() => {
        if (current === check && !isDrawing(element)) setReady(true);
      });
    };
    const observer = new MutationObserver(update);
    observer.observe(element, { childList: true, subtree: true });
    // Image load and error events do not bubble, but they can be caught on the way down.
    element.addEventListener('load', update, true);
    element.addEventListener('error', update, true);
    update();
    return () => {
      check = -1;
      observer.disconnect();
      element.removeEventListener('load', update, true);
      element.removeEventListener('error', update, true);
    };
  }, [root, shown]);

  return shown && ready;
}
