import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { paths } from '../config/paths';
import { AppProviders } from './providers';
import { routes } from './routes';

/** A public page written to static HTML at build time, and the file Hosting serves it from. */
export interface PrerenderedPage {
  path: string;
  /** Served for `path` by Hosting's clean URLs. */
  file: string;
  /** The tab title the page sets once the app runs. */
  title: string;
}

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { path: paths.home, file: 'home.html', title: 'AI-Assisted Course Authoring | Coursecraft' },
  { path: paths.terms, file: 'terms.html', title: 'Terms of Service | Coursecraft' },
  {
    path: paths.privacyPolicy,
    file: 'privacy-policy.html',
    title: 'Privacy Policy | Coursecraft',
  },
  { path: paths.comingSoon, file: 'coming-soon.html', title: 'Coming Soon | Coursecraft' },
];

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The page's critical CSS as emotion <style> tags, which the browser's emotion cache adopts. */
  styles: string;
}

/**
 * Renders one route the way the browser's first render draws it: a visitor whose session is
 * still loading, every lazy page loaded. The tree is the app's own (providers, route table,
 * RouterProvider), so React can hydrate the markup.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </CacheProvider>,
    // Large boundaries would otherwise be sent apart and put in place by inline scripts.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}
