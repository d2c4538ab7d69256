import { HOME_MIN_RATING } from '@coursecraft/contracts';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, MemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Navbar } from '../components/layouts/Navbar';
import { paths } from '../config/paths';
import { TestimonialsSection } from '../features/home/components/TestimonialsSection';
import { HOME_TEMPLATES, type HomeSessionState } from '../features/home/page-script/home-templates';
import { AppQueryClient } from '../lib/query/page-query-client';
import { SessionProvider, type Session, type SessionContextValue } from '../lib/session';
import { theme } from '../theme/theme';
import { AppProviders } from './providers';
import { routes } from './routes';

/** A public page written to static HTML at build time, and the file Hosting serves it from. */
export interface PrerenderedPage {
  path: string;
  /** Served for `path` by Hosting's clean URLs. */
  file: string;
  /** The tab title the page sets once the app runs. */
  title: string;
  /**
   * The page runs this entry of the web build (web/src/{script}.ts) instead of the app: the
   * app's scripts are left out and the markup is never hydrated.
   */
  script?: 'home';
}

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  {
    path: paths.home,
    file: 'home.html',
    title: 'AI-Assisted Course Authoring | Coursecraft',
    script: 'home',
  },
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
  /** Markup the page's own script uses (<template> elements), written after #root. */
  templates?: string;
}

/** The account the /home templates are drawn for: only what the navbar reads of a user. */
const TEMPLATE_USER = { emailVerified: true, email: null, isAnonymous: false } as unknown as User;

const SESSIONS: Record<HomeSessionState, Session> = {
  visitor: { status: 'ready', user: null, isAdmin: false },
  user: { status: 'ready', user: TEMPLATE_USER, isAdmin: false },
  admin: { status: 'ready', user: TEMPLATE_USER, isAdmin: true },
};

const sessionValue = (session: Session): SessionContextValue => ({
  session,
  signOut: async () => {},
});

/**
 * Focus rings for the pages no app runs on: MUI draws them on the class its JavaScript adds to
 * an element focused from the keyboard.
 */
const FOCUS_RING_CSS = `<style data-home-focus>a:focus-visible,button:focus-visible{outline:2px solid ${theme.palette.primary.main};outline-offset:2px}</style>`;

async function htmlOf(node: ReactNode, cache: EmotionCache): Promise<string> {
  // Large boundaries would otherwise be sent apart and put in place by inline scripts.
  const { prelude } = await prerender(<CacheProvider value={cache}>{node}</CacheProvider>, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

function AsSession({ session, children }: { session: Session; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <AppQueryClient>
        <SessionProvider value={sessionValue(session)}>{children}</SessionProvider>
      </AppQueryClient>
    </ThemeProvider>
  );
}

/** The /home templates by id (see HOME_TEMPLATES): the app's own components, drawn here. */
async function homeTemplates(): Promise<
  Array<{ id: string; node: ReactNode; attributes?: string }>
> {
  // Imported as the app imports them (lazily), so their chunks stay apart in the app's build.
  const [{ TestimonialCards }, { ShareYourExperience, TESTIMONIALS_FAILED }] = await Promise.all([
    import('../features/home/components/TestimonialCards'),
    import('../features/home/components/HomePage'),
  ]);
  const headers = (Object.keys(SESSIONS) as HomeSessionState[]).map((state) => ({
    id: HOME_TEMPLATES.header[state],
    node: (
      <AsSession session={SESSIONS[state]}>
        <MemoryRouter initialEntries={[paths.home]}>
          <Navbar menuOpen />
        </MemoryRouter>
      </AsSession>
    ),
  }));
  const cardRatings: number[] = [];
  for (let stars = Math.ceil(HOME_MIN_RATING * 2) / 2; stars <= 5; stars += 0.5) {
    cardRatings.push(stars);
  }
  const section = (props: Parameters<typeof TestimonialsSection>[0]) => (
    <AsSession session={SESSIONS.visitor}>
      <MemoryRouter initialEntries={[paths.home]}>
        <TestimonialsSection {...props} />
      </MemoryRouter>
    </AsSession>
  );
  return [
    ...headers,
    {
      id: HOME_TEMPLATES.testimonialCards,
      attributes: `data-min-rating="${HOME_MIN_RATING}"`,
      node: (
        <AsSession session={SESSIONS.visitor}>
          <TestimonialCards
            testimonials={cardRatings.map((rating) => ({
              id: String(rating),
              rating,
              quote: '',
              author: '',
            }))}
          />
        </AsSession>
      ),
    },
    { id: HOME_TEMPLATES.testimonialsEmpty, node: section({ testimonials: [] }) },
    {
      id: HOME_TEMPLATES.testimonialsError,
      node: section({ testimonials: [], error: TESTIMONIALS_FAILED }),
    },
    {
      id: HOME_TEMPLATES.shareExperience,
      node: section({ testimonials: [], action: <ShareYourExperience /> }),
    },
  ];
}

/**
 * Renders one route the way the browser's first render draws it: a visitor whose session is
 * still loading, every lazy page loaded. The tree is the app's own (providers, route table,
 * RouterProvider), so React can hydrate the markup. A page with a script of its own is never
 * hydrated: it is drawn for a visitor, with the templates its script uses.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const ownScript = PRERENDERED_PAGES.find((page) => page.path === path)?.script;
  const html = await htmlOf(
    ownScript ? (
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AsSession session={SESSIONS.visitor}>
          <RouterProvider router={router} />
        </AsSession>
      </ThemeProvider>
    ) : (
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    ),
    cache,
  );
  if (!ownScript) {
    return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
  }
  let templates = '';
  for (const { id, node, attributes } of await homeTemplates()) {
    templates += `<template id="${id}"${attributes ? ` ${attributes}` : ''}>${await htmlOf(node, cache)}</template>`;
  }
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html + templates));
  return { html, templates, styles: `${styles}\n${FOCUS_RING_CSS}` };
}
