import { PUBLISHING_MESSAGES, publicationSchema } from '@coursecraft/contracts';
import { diagramKey } from '@coursecraft/markdown';
import request from 'supertest';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { getEnv } from '../../functions/src/lib/env';
import { db } from '../../functions/src/lib/firestore/db';
import { courseRef, diagramDrawingRef } from '../../functions/src/lib/firestore/paths';
import { createImageStore } from '../../functions/src/lib/storage/create-image-store';
import { courseImagesFolder, coverFile } from '../../functions/src/lib/storage/object-paths';
import { app, author, fetchImage, resetFake, resetImages } from './support/ai';
import { orphanedDocuments } from './support/database';
import { resetEmulators } from './support/emulators';

/**
 * The learner pages as a browser gets them: through the Hosting emulator's rewrites to the `learn`
 * function (the emulator has no CDN, so what it answers is what the origin answers, with the
 * caching headers the CDN would follow). Authors act through the in-process API on the same
 * emulators.
 */
const HOSTING = (process.env.APP_ORIGINS ?? '').split(',')[0] ?? '';
const PAGE_CACHE = 'public, max-age=0, s-maxage=60';
const EVIL = '"><script>alert(1)</script>';

type Author = Awaited<ReturnType<typeof author>>;

async function page(path: string, init: RequestInit = {}) {
  const response = await fetch(`${HOSTING}${path}`, { redirect: 'manual', ...init });
  return {
    status: response.status,
    headers: response.headers,
    html: await response.text(),
  };
}

/** `<meta>` name/property → content, as written (escaped). */
function metaOf(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)">/g)) {
    found.set(match[2] ?? '', match[3] ?? '');
  }
  return found;
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const MERMAID = 'graph TD\n  A[Moon] --> B[Tide]';
const MATH_LESSON = [
  'The tide rises twice a day.',
  '',
  '$$',
  'F = G \\frac{m_1 m_2}{r^2}',
  '$$',
  '',
  '```mermaid',
  MERMAID,
  '```',
].join('\n');
const HOSTILE_LESSON = [
  'Careful reading.',
  '',
  '<script>alert("x")</script>',
  '',
  '<img src="x" onerror="alert(1)">',
  '',
  '[click](javascript:alert(1))',
].join('\n');

/** Course (language Spanish) → subject → chapter → Tides (math, diagram), Waves (hostile), Empty. */
async function course(client: Author, name = 'Ocean') {
  const created = await client.post('/create-manual', {
    name,
    description: 'All about the sea',
    settings: { language: 'Spanish' },
  });
  const id = created.body.id as string;
  const subject = (await client.post(`/${id}/subjects`, { name: 'Moon' })).body.id as string;
  const s = `/${id}/subjects/${subject}`;
  const chapter = (await client.post(`${s}/chapters`, { name: 'Orbits' })).body.id as string;
  const ch = `${s}/chapters/${chapter}`;
  const topic = async (topicName: string, content?: string) => {
    const topicId = (await client.post(`${ch}/topics`, { name: topicName })).body.id as string;
    if (content) await client.post(`${ch}/topics/${topicId}/content`, { content });
    return topicId;
  };
  return {
    id,
    chapter,
    tides: await topic('Tides', MATH_LESSON),
    waves: await topic('Waves', HOSTILE_LESSON),
    empty: await topic('Empty'),
    topicPath: (topicId: string) => `${ch}/topics/${topicId}`,
  };
}

const publish = async (client: Author, courseId: string, body?: object) => {
  const response = await request(app)
    .post(`/api/courses/${courseId}/publish`)
    .set(client.auth)
    .send(body ?? {});
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return publicationSchema.parse(response.body);
};
const listing = (client: Author, courseId: string, listed: boolean) =>
  request(app).put(`/api/courses/${courseId}/publish/listing`).set(client.auth).send({ listed });

/** A drawing as the diagrams upload stores it (written directly: that upload is another module). */
async function storeDrawing(courseId: string, source: string) {
  const key = await diagramKey(source);
  await diagramDrawingRef(db(), { courseId }, key).set({
    course_id: courseId,
    key,
    light:
      '<svg xmlns="http://www.w3.org/2000/svg" data-scheme="light"><text>Moon light</text></svg>',
    dark: '<svg xmlns="http://www.w3.org/2000/svg" data-scheme="dark"><text>Moon dark</text></svg>',
  });
  return key;
}

/** A cover as large as Gemini's (1–2 MB PNG: noise does not compress), set on the course. */
async function bigCover(client: Author, courseId: string) {
  const width = 880;
  const height = 660;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = Math.floor(Math.random() * 256);
  const png = await sharp(noise, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const { url } = await createImageStore(getEnv()).save(
    coverFile(courseImagesFolder(client.uid, courseId), Date.now(), 'png'),
    png,
    'image/png',
  );
  await courseRef(db(), { courseId }).update({ image_url: url });
  return png;
}

describe('learner pages (through Hosting)', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
  });

  it('serve each lesson as complete HTML: text, typeset math (MathML) and the diagram’s drawings', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    await storeDrawing(ocean.id, MERMAID);
    const { slug } = await publish(ada, ocean.id);

    const lesson = await page(`/learn/${slug}/${ocean.tides}`);
    expect(lesson.status).toBe(200);
    expect(lesson.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(lesson.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(lesson.html).toContain('The tide rises twice a day.');
    expect(lesson.html).toContain('<math');
    expect(lesson.html).toContain('data-scheme="light"><text>Moon light</text></svg>');
    expect(lesson.html).toContain('data-scheme="dark"><text>Moon dark</text></svg>');
    expect(lesson.html).toContain(
      '<link rel="stylesheet" href="/learn-assets/katex/katex.min.css">',
    );
    expect(lesson.html).toContain(`data-topic-ids="${ocean.tides} ${ocean.waves} ${ocean.empty}"`);
    expect(lesson.html).toContain(`Next: Waves`);
    expect(lesson.html).not.toContain('Previous:');

    const coursePage = await page(`/learn/${slug}`);
    expect(coursePage.status).toBe(200);
    expect(coursePage.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(coursePage.html).toContain('<h1>Ocean</h1>');
    expect(coursePage.html).toContain(
      `<a href="/learn/${slug}/${ocean.waves}" data-topic-id="${ocean.waves}">Waves</a>`,
    );
    expect(coursePage.html).not.toContain('katex.min.css');

    const empty = await page(`/learn/${slug}/${ocean.empty}`);
    expect(empty.html).toContain('There is no lesson for this topic yet.');

    const head = await page(`/learn/${slug}/${ocean.tides}`, { method: 'HEAD' });
    expect([head.status, head.html, head.headers.get('cache-control')]).toEqual([
      200,
      '',
      PAGE_CACHE,
    ]);
  });

  it('render none of a lesson’s <script>, onerror= or javascript: links', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    const { html } = await page(`/learn/${slug}/${ocean.waves}`);
    expect(html).toContain('Careful reading.');
    const body = html.slice(html.indexOf('<div class="lesson-body">'), html.indexOf('</article>'));
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toMatch(/onerror/i);
    expect(body).not.toMatch(/javascript:/i);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('give link previews: title, description, canonical, Open Graph, Twitter card and lang', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);

    const course_ = await page(`/learn/${slug}`);
    const meta = metaOf(course_.html);
    expect(course_.html).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(course_.html).toContain('<title>Ocean</title>');
    expect(course_.html).toContain(`<link rel="canonical" href="${HOSTING}/learn/${slug}">`);
    expect(Object.fromEntries(meta)).toMatchObject({
      description: 'All about the sea',
      'og:title': 'Ocean',
      'og:description': 'All about the sea',
      'og:type': 'website',
      'og:url': `${HOSTING}/learn/${slug}`,
      'og:image': `${HOSTING}/learn-assets/course-preview.png`,
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Ocean',
      'twitter:description': 'All about the sea',
      'twitter:image': `${HOSTING}/learn-assets/course-preview.png`,
    });

    const lesson = metaOf((await page(`/learn/${slug}/${ocean.tides}`)).html);
    expect(lesson.get('og:title')).toBe('Tides · Ocean');
    expect(lesson.get('og:description')).toBe('The tide rises twice a day.');
    expect(lesson.get('og:type')).toBe('article');
    expect(lesson.get('og:url')).toBe(`${HOSTING}/learn/${slug}/${ocean.tides}`);

    const preview = await fetch(`${HOSTING}/learn-assets/course-preview.png`);
    expect(preview.status).toBe(200);
    const { width, height } = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([width, height]).toEqual([1200, 630]);
    expect(preview.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('escape a course named "><script> in every tag, attribute and the sitemap', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada, EVIL);
    await request(app)
      .put(`/api/courses${ocean.topicPath(ocean.tides)}`)
      .set(ada.auth)
      .send({ name: EVIL })
      .expect(200);
    const { slug } = await publish(ada, ocean.id, { listed: true });
    for (const path of [
      `/learn/${slug}`,
      `/learn/${slug}/${ocean.tides}`,
      `/learn/${slug}/${ocean.waves}`,
    ]) {
      const { html } = await page(path);
      expect(html, path).not.toContain('<script>alert(1)');
      expect(html.match(/<script/g), path).toHaveLength(1);
      expect(unescape(metaOf(html).get('og:title') ?? ''), path).toContain(EVIL);
    }
    const unknownTopic = await page(`/learn/${slug}/nothere`);
    expect(unknownTopic.html).not.toContain('<script>alert(1)');
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.html).not.toContain('<script>');
    expect(sitemap.html).toContain(`<loc>${HOSTING}/learn/${slug}</loc>`);
  });

  it('carry noindex until the course is listed; the sitemap lists listed courses, robots.txt names it', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const hidden = await author('bob@example.com');
    const other = await course(hidden, 'Hidden');
    const { slug } = await publish(ada, ocean.id);
    const { slug: hiddenSlug } = await publish(hidden, other.id);
    expect(metaOf((await page(`/learn/${slug}`)).html).get('robots')).toBe('noindex');
    expect(metaOf((await page(`/learn/${slug}/${ocean.tides}`)).html).get('robots')).toBe(
      'noindex',
    );
    expect((await page('/sitemap.xml')).html).not.toContain('/learn/');

    expect((await listing(hidden, ocean.id, true)).status).toBe(404);
    const listed = await listing(ada, ocean.id, true);
    expect(listed.status).toBe(200);
    expect(publicationSchema.parse(listed.body)).toMatchObject({ slug, listed: true });
    for (const path of [`/learn/${slug}`, `/learn/${slug}/${ocean.tides}`]) {
      expect(metaOf((await page(path)).html).has('robots'), path).toBe(false);
    }
    expect(metaOf((await page(`/learn/${slug}/nothere`)).html).get('robots')).toBe('noindex');

    const sitemap = await page('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(sitemap.headers.get('cache-control')).toBe(PAGE_CACHE);
    const locs = [...sitemap.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      `${HOSTING}/learn/${slug}`,
      ...[ocean.tides, ocean.waves, ocean.empty].map((id) => `${HOSTING}/learn/${slug}/${id}`),
    ]);
    expect(sitemap.html).not.toContain(hiddenSlug);

    // Hosting redirects robots.txt to the function (the functions framework swallows the path).
    const redirected = await page('/robots.txt');
    expect([redirected.status, redirected.headers.get('location')]).toEqual([301, '/learn/robots']);
    const robots = await page('/robots.txt', { redirect: 'follow' });
    expect(robots.status).toBe(200);
    expect(robots.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(robots.html).toContain(`Sitemap: ${HOSTING}/sitemap.xml`);
    expect(robots.html).toContain('Allow: /');

    // Publish changes keeps the choice; the switch takes it back.
    await publish(ada, ocean.id);
    expect(metaOf((await page(`/learn/${slug}`)).html).has('robots')).toBe(false);
    expect((await listing(ada, ocean.id, false)).body.listed).toBe(false);
    expect(metaOf((await page(`/learn/${slug}`)).html).get('robots')).toBe('noindex');
    expect((await page('/sitemap.xml')).html).not.toContain(slug);

    expect(
      (await request(app).delete(`/api/courses/${ocean.id}/publish`).set(ada.auth)).status,
    ).toBe(200);
    const gone = await listing(ada, ocean.id, true);
    expect([gone.status, gone.body]).toEqual([
      404,
      { error: PUBLISHING_MESSAGES.notPublished, code: 'NOT_FOUND' },
    ]);
    expect((await listing(ada, ocean.id, 'yes' as unknown as boolean)).status).toBe(400);
  });

  it('answer 404 pages, never indexed and cached 60 s at most, for what a slug does not name', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    const NOT_AVAILABLE = PUBLISHING_MESSAGES.notAvailable;
    const cases: [string, string][] = [
      ['/learn/AAAAAAAAAAAAAAAA', NOT_AVAILABLE],
      ['/learn/short', NOT_AVAILABLE],
      [`/learn/AAAAAAAAAAAAAAAA/${ocean.tides}`, NOT_AVAILABLE],
      [`/learn/${slug}/nothere`, 'This topic is not part of the course.'],
      [`/learn/${slug}/${ocean.tides}/extra`, NOT_AVAILABLE],
      [`/learn/AAAAAAAAAAAAAAAA/chapters/${ocean.chapter}/quiz`, NOT_AVAILABLE],
      // A chapter without questions has no quiz.
      [`/learn/${slug}/chapters/${ocean.chapter}/quiz`, 'This chapter has no quiz.'],
      [`/learn/${slug}/chapters/nothere/quiz`, 'This chapter has no quiz.'],
    ];
    for (const [path, message] of cases) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), path).toBe(PAGE_CACHE);
      expect(response.html, path).toContain(`<h1>${message}</h1>`);
      expect(metaOf(response.html).get('robots'), path).toBe('noindex');
    }
    expect((await page(`/learn/${slug}/nothere`)).html).toContain(
      `<a class="button" href="/learn/${slug}">Back to the course</a>`,
    );

    // Unpublish: the origin answers 404 at once, and no cache may keep the page past 60 s.
    expect(
      (await request(app).delete(`/api/courses/${ocean.id}/publish`).set(ada.auth)).status,
    ).toBe(200);
    for (const path of [`/learn/${slug}`, `/learn/${slug}/${ocean.tides}`]) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(response.html, path).toContain(`<h1>${NOT_AVAILABLE}</h1>`);
      expect(response.headers.get('cache-control'), path).toBe(PAGE_CACHE);
    }
  });

  it('serve a chapter’s quiz page once its topics hold questions, linked from the course page and its last lesson', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const quizPath = (slug: string) => `/learn/${slug}/chapters/${ocean.chapter}/quiz`;
    const added = await ada.post(`${ocean.topicPath(ocean.tides)}/questions`, {
      type: 'true_false',
      text: 'The tide rises twice a day.',
      explanation: '',
      quiz_only: true,
      answer: true,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { slug } = await publish(ada, ocean.id);
    const quiz = await page(quizPath(slug));
    expect(quiz.status).toBe(200);
    expect(quiz.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(quiz.html).toContain('<h1 id="quiz-title">Orbits</h1>');
    expect(quiz.html).toContain('1 question · pass mark 70% · unlimited attempts');
    expect(quiz.html).toContain('<html lang="es">');
    const coursePage = await page(`/learn/${slug}`);
    expect(coursePage.html).toContain(
      `<a href="${quizPath(slug)}" data-quiz-chapter-id="${ocean.chapter}" aria-label="Chapter quiz: Orbits">`,
    );
    expect((await page(`/learn/${slug}/${ocean.empty}`)).html).toContain(
      `<a class="chapter-quiz-link" href="${quizPath(slug)}">Chapter quiz: Orbits</a>`,
    );
    expect((await page(`/learn/${slug}/${ocean.tides}`)).html).not.toContain('chapter-quiz-link"');
  });

  it('redirect an old ?v= link to the live page', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    for (const path of [
      `/learn/${slug}`,
      `/learn/${slug}/${ocean.tides}`,
      `/learn/${slug}/chapters/${ocean.chapter}/quiz`,
    ]) {
      for (const query of ['?v=1', '?v=999', '?v=abc&x=1', '?v']) {
        const response = await page(`${path}${query}`);
        expect(response.status, `${path}${query}`).toBe(301);
        expect(new URL(response.headers.get('location') ?? '', HOSTING).href).toBe(
          `${HOSTING}${path}`,
        );
        expect(response.headers.get('cache-control')).toBe(PAGE_CACHE);
      }
    }
  });

  it('show a Gemini-sized cover as WebP renditions with their sizes, and a 1200 × 630 preview', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const png = await bigCover(ada, ocean.id);
    expect(png.length).toBeGreaterThan(1_000_000);
    expect(png.length).toBeLessThan(2_000_000);
    const { slug } = await publish(ada, ocean.id);

    const { html } = await page(`/learn/${slug}`);
    const img =
      /<img class="cover" src="([^"]+)" srcset="([^"]+)" sizes="[^"]+" width="(\d+)" height="(\d+)" alt="" fetchpriority="high"/.exec(
        html,
      );
    expect(img).not.toBeNull();
    const [, src = '', srcset = '', width, height] = img ?? [];
    expect([width, height]).toEqual(['480', '360']);
    expect(srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['480w', '880w']);
    const shown = await fetchImage(unescape(src));
    expect(shown.status).toBe(200);
    const rendition = await sharp(shown.bytes).metadata();
    expect([rendition.format, rendition.width, rendition.height]).toEqual(['webp', 480, 360]);
    expect(shown.bytes.length).toBeLessThan(png.length / 4);

    const ogImage = unescape(metaOf(html).get('og:image') ?? '');
    expect(ogImage.startsWith(`${HOSTING}/`)).toBe(true);
    expect(metaOf(html).get('twitter:image')).toBe(metaOf(html).get('og:image'));
    const preview = await fetch(ogImage);
    expect(preview.status).toBe(200);
    const previewMeta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([previewMeta.format, previewMeta.width, previewMeta.height]).toEqual([
      'jpeg',
      1200,
      630,
    ]);
  });

  it('drop the pages of deleted topics at Publish changes, and every page with the course', async () => {
    const ada = await author('ada@example.com');
    const ocean = await course(ada);
    const { slug } = await publish(ada, ocean.id);
    expect((await page(`/learn/${slug}/${ocean.waves}`)).status).toBe(200);
    await request(app)
      .delete(`/api/courses${ocean.topicPath(ocean.waves)}`)
      .set(ada.auth)
      .expect(204);
    await publish(ada, ocean.id);
    const gone = await page(`/learn/${slug}/${ocean.waves}`);
    expect([gone.status, gone.html.includes('This topic is not part of the course.')]).toEqual([
      404,
      true,
    ]);
    expect((await page(`/learn/${slug}`)).html).not.toContain('Waves');

    await request(app).delete(`/api/courses/${ocean.id}`).set(ada.auth).expect(204);
    expect((await page(`/learn/${slug}`)).status).toBe(404);
    expect(await orphanedDocuments()).toEqual([]);
  });
});
