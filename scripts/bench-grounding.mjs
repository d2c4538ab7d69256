import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { authorWithKey } from './lib/bench-account.mjs';
import { ROOT } from './lib/paths.mjs';
import { readDemoCourse } from './lib/seed.mjs';
import { startSuite } from './lib/suite.mjs';

/**
 * npm run bench:grounding
 *
 * The size of Gemini's prompt at each level of generation from sources. Builds the demo course
 * (emulator-data/demo-course: its outline with names and descriptions) through the API, adds one
 * source, a PDF of its lessons' text (36 pages; 12 with BENCH_QUICK=1) made by the test document
 * builders (tests/fixtures/source-files.ts), waits until it is Ready, then generates each level
 * once against the fake Gemini: the first topic's lesson and its questions, the first chapter's
 * topics, the first subject's chapters, the course's subjects, and, with the description
 * emptied, the course's description (then its subjects again). Prints, per level, the prompt's
 * characters and estimated tokens (characters / 4, as the sources' coverage counts them) and the
 * passages it carries, as the median (min–max) over several runs (three; one with BENCH_QUICK=1),
 * each in a new course.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = QUICK ? 1 : 3;
const PAGES = QUICK ? 12 : 36;
const PAGE_CHARS = 2800;
const RUN = Date.now();
const PASSWORD = 'bench-password-1';
const API_KEY = `AIza-bench-grounding-${RUN}`;
const SOURCE_NAME = 'Statistics handbook.pdf';
const READ_TIMEOUT_MS = 180_000;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-grounding-'));

/** The test document builders, bundled so this script can call them. */
async function fixtures() {
  const outfile = path.join(work, 'source-files.mjs');
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'tests/fixtures/source-files.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    logLevel: 'warning',
  });
  return import(outfile);
}

/** The demo lessons' prose, as plain text a standard PDF font can draw, cut into pages. */
function handbookPages(course) {
  const lessonsDir = path.join(ROOT, 'emulator-data/demo-course');
  const lessons = course.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) =>
      chapter.topics.map((topic) => fs.readFileSync(path.join(lessonsDir, topic.lesson), 'utf8')),
    ),
  );
  const prose = lessons
    .join('\n')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/[#*_`>|$\\{}[\]^]/g, ' ')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const pages = [];
  for (let at = 0; pages.length < PAGES; at += PAGE_CHARS) {
    const start = at % Math.max(prose.length - PAGE_CHARS, 1);
    pages.push(prose.slice(start, start + PAGE_CHARS));
  }
  return pages;
}

/** A new author with a saved key. */
async function newAuthor(suite, label) {
  const apiKey = `${API_KEY}-${label}`;
  const email = `bench-grounding-${RUN}-${label}@example.com`;
  const client = await authorWithKey(suite, { email, password: PASSWORD, apiKey });
  return { ...client, apiKey };
}

/** The demo course's outline, written by hand; answers the paths of its first nodes. */
async function buildDemoCourse({ api }, course) {
  const created = await api('/courses/create-manual', 'POST', {
    name: course.name,
    description: course.description,
  });
  const c = `/courses/${created.id}`;
  const first = {};
  for (const subject of course.subjects) {
    const s = await api(`${c}/subjects`, 'POST', {
      name: subject.name,
      description: subject.description,
    });
    first.subject ??= `${c}/subjects/${s.id}`;
    for (const chapter of subject.chapters) {
      const ch = await api(`${c}/subjects/${s.id}/chapters`, 'POST', { name: chapter.name });
      const chapterPath = `${c}/subjects/${s.id}/chapters/${ch.id}`;
      first.chapter ??= chapterPath;
      for (const topic of chapter.topics) {
        const t = await api(`${chapterPath}/topics`, 'POST', { name: topic.name });
        first.topic ??= `${chapterPath}/topics/${t.id}`;
      }
    }
  }
  return { c, ...first, name: course.name };
}

async function addSource(suite, { token, api }, c, bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), SOURCE_NAME);
  const posted = await fetch(`${suite.appUrl}/api${c}/sources`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (posted.status !== 202) throw new Error(`upload: ${posted.status} ${await posted.text()}`);
  const deadline = Date.now() + READ_TIMEOUT_MS;
  for (;;) {
    const { sources } = await api(`${c}/sources`);
    if (sources[0]?.status === 'ready') return sources[0];
    if (sources[0]?.status !== 'reading' || Date.now() > deadline)
      throw new Error(`The source did not end ready: ${JSON.stringify(sources[0])}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const MARK = /^\[[^\]\n]+?, (?:page [^\]\n]+|section “[^”\n]+”)\]$/gm;

/** What this run's author asked the fake, in order: each prompt's text. */
async function promptsOf(suite, apiKey) {
  const response = await fetch(`${suite.env.GOOGLE_GEMINI_BASE_URL}/__fake/requests`);
  const requests = await response.json();
  return requests
    .filter((sent) => sent.apiKey === apiKey)
    .map((sent) =>
      (sent.body?.contents ?? [])
        .flatMap((content) => content.parts ?? [])
        .map((part) => part.text ?? '')
        .join(''),
    );
}

const measure = (prompt) => ({
  chars: prompt.length,
  tokens: Math.ceil(prompt.length / 4),
  passages: prompt.match(MARK)?.length ?? 0,
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const middle = median(values).toLocaleString('en');
  return low === high
    ? middle
    : `${middle} (${low.toLocaleString('en')}–${high.toLocaleString('en')})`;
};

const LEVELS = ['course', 'subjects', 'chapters', 'topics', 'lesson', 'questions'];

const suite = await startSuite({ profile: 'test', withApp: true, standin: true, log: () => {} });
try {
  const demo = readDemoCourse();
  console.log(`Making a ${PAGES}-page PDF of the demo lessons' text...`);
  const { pdfWithPages } = await fixtures();
  const bytes = await pdfWithPages(handbookPages(demo));
  console.log(`  ${SOURCE_NAME}: ${(bytes.length / 1024).toFixed(0)} KB`);
  const results = Object.fromEntries(LEVELS.map((level) => [level, []]));
  let source;
  for (let run = 0; run < RUNS; run += 1) {
    const author = await newAuthor(suite, `run${run}`);
    const { api } = author;
    const course = await buildDemoCourse(author, demo);
    source = await addSource(suite, author, course.c, bytes);
    // Bottom up, so each level still has the demo's names when it is generated.
    await api(`${course.topic}/generate_content`, 'POST', {});
    await api(`${course.topic}/generate_questions`, 'POST', {});
    await api(`${course.chapter}/generate_topics`, 'POST', {});
    await api(`${course.subject}/generate_chapters`, 'POST', {});
    await api(`${course.c}/generate_subjects`, 'POST', {});
    await api(course.c, 'PUT', { name: course.name, description: '' });
    await api(`${course.c}/generate_subjects`, 'POST', {});
    const [lesson, questions, topics, chapters, subjects, described] = await promptsOf(
      suite,
      author.apiKey,
    );
    const measured = { course: described, subjects, chapters, topics, lesson, questions };
    for (const level of LEVELS) {
      if (measured[level] === undefined) throw new Error(`No ${level} prompt in run ${run + 1}`);
      results[level].push(measure(measured[level]));
    }
  }
  console.log(
    `\n${source.pages} pages, ${source.words} words in the source; prompts of the demo course ` +
      `(${RUNS} run${RUNS === 1 ? '' : 's'}, median (min–max) where it varies):`,
  );
  console.log(
    `  ${'level'.padEnd(10)} ${'characters'.padStart(16)} ${'est. tokens'.padStart(16)} ${'passages'.padStart(10)}`,
  );
  for (const level of LEVELS) {
    const runs = results[level];
    console.log(
      `  ${level.padEnd(10)} ${spread(runs.map((r) => r.chars)).padStart(16)} ` +
        `${spread(runs.map((r) => r.tokens)).padStart(16)} ${spread(runs.map((r) => r.passages)).padStart(10)}`,
    );
  }
} finally {
  await suite.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
