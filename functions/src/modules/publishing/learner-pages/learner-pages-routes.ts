import { Router, type NextFunction, type Request, type Response } from 'express';
import type { LearnerPagesService, RenderedPage } from './learner-pages-service';

/**
 * Pages, sitemap, robots.txt and 404s alike: browsers revalidate every time, the CDN keeps a copy
 * for 60 s, so Publish changes and Unpublish reach every visitor within a minute.
 */
export const LEARN_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';
const HTML = 'text/html; charset=utf-8';

/** The path of a request without its query. */
const pathOf = (req: Request): string => req.originalUrl.split('?')[0] ?? '/';

function sendPage(res: Response, { status, html }: RenderedPage): void {
  res
    .status(status)
    .set({ 'cache-control': LEARN_CACHE_CONTROL, 'content-type': HTML, vary: 'Accept-Encoding' })
    .send(html);
}

/** An old link naming a snapshot (`?v=`, any value) leads to the live page: the path alone. */
function redirectVersionedLinks(req: Request, res: Response, next: NextFunction): void {
  if (!('v' in req.query)) {
    next();
    return;
  }
  res.set('cache-control', LEARN_CACHE_CONTROL).redirect(301, pathOf(req));
}

/** Where robots.txt is served (Hosting redirects `/robots.txt` here). */
export const ROBOTS_PATH = '/learn/robots';

/**
 * What the `learn` function serves: `/learn/{slug}`, `/learn/{slug}/{topicId}` and
 * `/learn/{slug}/chapters/{chapterId}/quiz` as HTML,
 * `/sitemap.xml` and robots.txt; any other path under /learn is the course's 404 page. Only
 * GET (and HEAD, which Express answers from GET without the body).
 */
export function learnerPagesRoutes(pages: LearnerPagesService): Router {
  const router = Router();
  // Hosting redirects `/robots.txt` here: the functions framework answers 404 to `/robots.txt`
  // itself, before the app sees it (and the Functions emulator to any path ending so).
  router.get(ROBOTS_PATH, (_req, res) => {
    res
      .set({ 'cache-control': LEARN_CACHE_CONTROL, 'content-type': 'text/plain; charset=utf-8' })
      .send(pages.robots());
  });
  router.get('/learn/:slug', redirectVersionedLinks, async (req, res) => {
    sendPage(res, await pages.coursePage(String(req.params.slug)));
  });
  router.get('/learn/:slug/chapters/:chapterId/quiz', redirectVersionedLinks, async (req, res) => {
    const { slug, chapterId } = req.params;
    sendPage(res, await pages.quizPage(String(slug), String(chapterId)));
  });
  router.get('/learn/:slug/:topicId', redirectVersionedLinks, async (req, res) => {
    const { slug, topicId } = req.params;
    sendPage(res, await pages.lessonPage(String(slug), String(topicId)));
  });
  router.get('/sitemap.xml', async (_req, res) => {
    const xml = await pages.sitemap();
    res
      .set({
        'cache-control': LEARN_CACHE_CONTROL,
        'content-type': 'application/xml; charset=utf-8',
      })
      .send(xml);
  });
  router.use((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') res.set('allow', 'GET, HEAD');
    sendPage(res, pages.unknownPage(pathOf(req)));
  });
  return router;
}
