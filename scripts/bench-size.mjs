import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { seedBenchPages } from './lib/bench-pages.mjs';
import { localDir } from './lib/paths.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:size [-- <page> ...]
 *
 * Starts the local suite (the built app served by the Hosting emulator, as deployed, with the
 * API), opens each page in Chromium with its cache off and records every JavaScript response
 * until the page is interactive: its main heading shows, the network has been idle and no script
 * has arrived for a while. Lazy chunks the page imports on its own count; chunks only a click
 * would load do not. Prints each script with the bytes transferred, decoded and gzip (the same
 * compression for every file, comparable between runs and servers), and the totals.
 *
 * Pages: `/home` (the landing page) unless pages are given. `{course}` in a page stands for the
 * demo course's id, `{slug}` for its published slug and `{topic}` for its lesson with a diagram
 * and the most math; pages under /courses, /profile and /admin are opened signed in as a demo
 * account (the admin for /admin). The demo data is always seeded first (the course with a cover
 * as large as a generated one), so `/home` shows its testimonials as a live landing page does.
 * Without arguments the full run also measures the learner course page, that lesson and the
 * subjects screen; BENCH_QUICK=1 measures /home only. Learner pages print their goal: at most
 * 60 KB of JavaScript (gzip) before they are interactive. The topic checks' script is not part
 * of it: it loads on the learner's first move in the checks. On a lesson page with checks the
 * bench then focuses the first one and prints what that loads; on one without, the built chunk's
 * size. It fails when the checking chunk loads before a learner page is interactive. The demo
 * course's first chapter quiz page is measured too (skipped, saying so, when it has none); the
 * quiz's chunk loads on Start quiz only, so the bench prints the built file's size and fails
 * when it loads before any learner page is interactive.
 *
 * Guards, on the same recorded scripts: exits non-zero when mermaid, KaTeX, MUI X Charts,
 * dnd-kit or the Gemini SDK loads on /home, mermaid or KaTeX on a learner page, or MUI X Charts
 * (or mermaid or KaTeX) on the subjects screen.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const PAGES =
  requested.length > 0
    ? requested
    : QUICK
      ? ['/home']
      : [
          '/home',
          '/learn/{slug}',
          '/learn/{slug}/{topic}',
          '/learn/{slug}/chapters/{quiz}/quiz',
          '/courses/{course}/subjects',
        ];
/** The most JavaScript (gzip) a learner page may load before it is interactive. */
const LEARNER_GOAL_BYTES = 60 * 1024;
const learnerPage = (page) =>
  /^\/learn\/[^/]+(\/[^/]+)?\/?$/.test(page) ||
  /^\/learn\/[^/]+\/chapters\/[^/]+\/quiz$/.test(page);
/** How long no new script may arrive before a page counts as settled. */
const QUIET_MS = 1500;
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) =>
  fs.existsSync(file),
);

/**
 * Libraries only some pages need. One counts as loaded when a recorded script was built from its
 * package (the build manifest says which sources each file holds) or its code shows the marker.
 */
const HEAVY = {
  mermaid: { pattern: /mermaid/i, folder: 'node_modules/mermaid/' },
  katex: { pattern: /katex/i, folder: 'node_modules/katex/' },
  // On learner pages, whose own script may name the classes of typeset math and drawn diagrams,
  // only the libraries' code counts.
  'mermaid code': { pattern: /mermaidAPI/, folder: 'node_modules/mermaid/' },
  'KaTeX code': { pattern: /KaTeX parse error/, folder: 'node_modules/katex/' },
  '@google/genai': { pattern: /GoogleGenAI/, folder: 'node_modules/@google/genai/' },
  '@mui/x-charts': { pattern: /MuiChartsSurface/, folder: 'node_modules/@mui/x-charts' },
  '@dnd-kit': { pattern: /DndDescribedBy|DndLiveRegion/, folder: 'node_modules/@dnd-kit/' },
};
/** Which libraries each page must not load. */
const GUARDS = [
  {
    page: /^\/home\/?$/,
    libraries: ['mermaid', 'katex', '@google/genai', '@mui/x-charts', '@dnd-kit'],
  },
  { page: /^\/learn\//, libraries: ['mermaid code', 'KaTeX code'] },
  // The Publishing panel draws diagrams only when an author publishes.
  {
    page: /^\/courses\/[^/]+\/subjects\/?$/,
    libraries: ['@mui/x-charts', 'mermaid code', 'KaTeX code'],
  },
];

/** The topic checks' lazy chunk (web/vite.learner.config.ts names it after its module). */
const CHECKS_CHUNK = 'learn-assets/chunks/topic-checks.js';
/** The chapter quiz's lazy chunk, loaded on Start quiz. */
const QUIZ_CHUNK = 'learn-assets/chunks/chapter-quiz.js';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const signedInPage = (page) => /^\/(courses|profile|admin)(\/|$)/.test(page);

/** Which source files went into each built file, from the build's manifest. */
function sourcesByFile(publicDir) {
  const manifestFile = path.join(publicDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return new Map();
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const byFile = new Map();
  for (const [key, chunk] of Object.entries(manifest)) {
    byFile.set(chunk.file, [...(byFile.get(chunk.file) ?? []), key]);
  }
  return byFile;
}

async function signIn(page, appUrl, { email, password }) {
  await page.goto(`${appUrl}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/courses/);
  // The courses page's own chunks must not arrive during the next page's measurement.
  await page.getByRole('heading', { level: 1, name: 'My Courses' }).waitFor();
}

/** Opens `url` with the cache off; answers every script it loaded before it was interactive. */
function scriptsLoadedBy(page, url) {
  return scriptsLoadedDuring(page, async () => {
    await page.goto(url, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  });
}

/** The scripts loaded while `act` runs and until no script has arrived for QUIET_MS. */
async function scriptsLoadedDuring(page, act) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending = [];
  let lastScriptAt = Date.now();
  // Only what this navigation asked for: not a late answer to the page before.
  const asked = new Set();
  const onRequest = (request) => asked.add(request);
  const onResponse = (response) => {
    if (!asked.has(response.request())) return;
    const type = response.headers()['content-type'] ?? '';
    const isScript =
      response.request().resourceType() === 'script' ||
      /javascript/.test(type) ||
      /\.m?js(\?|$)/.test(response.url());
    if (!isScript || response.status() >= 300) return;
    lastScriptAt = Date.now();
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: response.url(),
          transferred: sizes.responseBodySize,
          decoded: body.length,
          gzip: zlib.gzipSync(body).length,
          code: body.toString('utf8'),
        };
      })().catch((error) => ({ url: response.url(), error: String(error).split('\n')[0] })),
    );
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    await act();
    await page.waitForLoadState('networkidle');
    while (Date.now() - lastScriptAt < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
    await cdp.detach();
  }
  const recorded = await Promise.all(pending);
  const unread = recorded.filter((script) => script.error);
  if (unread.length > 0) {
    throw new Error(
      `${page.url()}: could not read ${unread.map((script) => `${script.url} (${script.error})`).join(', ')}`,
    );
  }
  return recorded;
}

/**
 * On a lesson page with topic checks: the scripts its first move in them loads (focus on the
 * first control). Null on other pages.
 */
async function checksScripts(page) {
  const first = page.locator('#checks input, #checks button').first();
  if ((await first.count()) === 0) return null;
  return scriptsLoadedDuring(page, () => first.focus());
}

function printChecks(scripts) {
  const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.log('  on the first move in the topic checks (not counted above):');
  for (const script of scripts) {
    console.log(`    ${new URL(script.url).pathname.slice(1).padEnd(50)} gzip ${kb(script.gzip)}`);
  }
  console.log(`    ${`total (${scripts.length} scripts)`.padEnd(50)} gzip ${kb(gzip)}`);
}

/** A built lazy chunk's size (`what` loads it on `when`); a missing chunk fails the run. */
function printBuiltChunk(publicDir, chunk, what, when) {
  const file = path.join(publicDir, chunk);
  if (!fs.existsSync(file)) {
    console.log(`\n${what}: not built (${chunk} missing).`);
    failures.push(`${chunk} is missing from the build`);
    return;
  }
  const body = fs.readFileSync(file);
  console.log(
    `\n${what} (built, loaded ${when}): ${chunk} ` +
      `${kb(body.length)}, gzip ${kb(zlib.gzipSync(body).length)}`,
  );
}

const suite = await startSuite({ profile: 'test', withApp: true, log: console.log });
const browser = await chromium.launch({
  ...(systemChromium ? { executablePath: systemChromium } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const failures = [];
try {
  const sources = sourcesByFile(localDir('test', 'public'));
  // Always seeded: the landing page with the demo testimonials loads what a live one does.
  const demo = await seedBenchPages(suite);
  const { seed } = demo;

  for (const pagePath of PAGES) {
    if (pagePath.includes('{quiz}') && !demo.quizChapter) {
      console.log(`\n${pagePath}: skipped, the demo course has no chapter with a quiz.`);
      continue;
    }
    const resolved = pagePath
      .replace('{quiz}', demo.quizChapter ?? '')
      .replace('{course}', demo.course)
      .replace('{slug}', demo.slug)
      .replace('{topic}', demo.topic);
    const context = await browser.newContext();
    const page = await context.newPage();
    if (signedInPage(resolved)) {
      const account = seed.users.find((user) => user.admin === resolved.startsWith('/admin'));
      await signIn(page, suite.appUrl, account);
    }
    const scripts = await scriptsLoadedBy(page, `${suite.appUrl}${resolved}`);
    const settledAt = new URL(page.url()).pathname;
    const checks = learnerPage(resolved) ? await checksScripts(page) : null;
    await context.close();
    if (settledAt !== resolved) failures.push(`${resolved} ended on ${settledAt}`);

    console.log(
      `\n${resolved}: JavaScript loaded before it is interactive (ended on ${settledAt})`,
    );
    console.log(`  ${'file'.padEnd(52)} ${'transferred'.padStart(11)} ${'decoded'.padStart(10)}`);
    const totals = { transferred: 0, decoded: 0, gzip: 0 };
    for (const script of scripts) {
      for (const key of Object.keys(totals)) totals[key] += script[key];
      const name = script.url.startsWith(suite.appUrl)
        ? new URL(script.url).pathname.slice(1)
        : script.url;
      console.log(
        `  ${name.padEnd(52)} ${kb(script.transferred).padStart(11)} ${kb(script.decoded).padStart(10)}  gzip ${kb(script.gzip)}`,
      );
    }
    console.log(
      `  ${`total (${scripts.length} scripts)`.padEnd(52)} ${kb(totals.transferred).padStart(11)} ${kb(totals.decoded).padStart(10)}  gzip ${kb(totals.gzip)}`,
    );

    if (learnerPage(resolved)) {
      const met = totals.gzip <= LEARNER_GOAL_BYTES;
      console.log(
        `  goal: at most ${kb(LEARNER_GOAL_BYTES)} gzip before interactive: ${met ? 'met' : 'NOT met'} (${kb(totals.gzip)})`,
      );
    }

    if (learnerPage(resolved)) {
      const early = scripts.some((script) => script.url.endsWith(`/${CHECKS_CHUNK}`));
      console.log(`  topic checks' chunk loaded before interactive: ${early ? 'YES' : 'no'}`);
      if (early) failures.push(`the topic checks' chunk loads before ${pagePath} is interactive`);
      const quizEarly = scripts.some((script) => script.url.endsWith(`/${QUIZ_CHUNK}`));
      console.log(`  chapter quiz's chunk loaded before interactive: ${quizEarly ? 'YES' : 'no'}`);
      if (quizEarly)
        failures.push(`the chapter quiz's chunk loads before ${pagePath} is interactive`);
      if (checks) printChecks(checks);
    }

    const guarded = GUARDS.filter((guard) => guard.page.test(resolved)).flatMap(
      (guard) => guard.libraries,
    );
    for (const name of guarded) {
      const { pattern, folder } = HEAVY[name];
      const present = scripts.some((script) => {
        const file = script.url.startsWith(suite.appUrl)
          ? new URL(script.url).pathname.slice(1)
          : '';
        return (
          pattern.test(script.code) ||
          (sources.get(file) ?? []).some((source) => source.includes(folder))
        );
      });
      console.log(`  ${name} loaded: ${present ? 'YES' : 'no'}`);
      if (present) failures.push(`${name} loads on ${pagePath}`);
    }
  }
  printBuiltChunk(
    localDir('test', 'public'),
    CHECKS_CHUNK,
    "Topic checks' chunk",
    'on the first move in the checks',
  );
  printBuiltChunk(localDir('test', 'public'), QUIZ_CHUNK, "Chapter quiz's chunk", 'on Start quiz');
} finally {
  await browser.close();
  await suite.stop();
}

if (failures.length > 0) {
  console.error(
    `\nbench:size failed: ${failures.join('; ')}. Import such a library lazily (a dynamic ` +
      'import() from the component that needs it) so the page stays small.',
  );
  process.exitCode = 1;
}
