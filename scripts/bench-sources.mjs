import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT } from './lib/paths.mjs';

/**
 * npm run bench:sources
 *
 * Times reading a 200-page PDF and a 50-page Word document (about 500 words a page, 25,000
 * words, a heading every three pages), both made by the test document builders
 * (tests/fixtures/source-files.ts), and measures the peak memory (RSS) of doing it. The
 * extraction runs from a bundle built as the API's is (esbuild, CommonJS, node22), each run in a
 * fresh Node process, as a new task instance would; the process's RSS once the bundle is loaded
 * prints beside the peak. Prints the median and the spread (min–max) of several runs (five; two
 * with BENCH_QUICK=1, which also reads a 20-page PDF and a 5-page Word document instead).
 */
const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = QUICK ? 2 : 5;
const PDF_PAGES = QUICK ? 20 : 200;
const DOCX_PAGES = QUICK ? 5 : 50;
const WORDS_PER_PAGE = 500;
const PAGES_PER_HEADING = 3;

const VOCABULARY =
  'safety equipment procedure warehouse team member shift report incident training manager ' +
  'forklift ladder glove helmet exit alarm check record review storage load aisle pallet';
const vocabulary = VOCABULARY.split(' ');

/** A page of text: `WORDS_PER_PAGE` words in sentences, deterministic from `seed`. */
function pageText(seed) {
  const words = [];
  for (let i = 0; i < WORDS_PER_PAGE; i += 1) {
    const word = vocabulary[(seed * 31 + i * 7) % vocabulary.length];
    words.push(i % 12 === 11 ? `${word}.` : word);
  }
  return words.join(' ');
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sources-'));

/** Bundles `entry` to `file` as the API's build does (functions/build.mjs). */
async function bundle(entry, file, format) {
  await esbuild.build({
    entryPoints: [path.join(ROOT, entry)],
    outfile: path.join(work, file),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format,
    logLevel: 'warning',
    ...(format === 'cjs'
      ? {
          define: { 'import.meta.url': 'bundleUrl' },
          banner: {
            js: '"use strict";\nconst bundleUrl = require("node:url").pathToFileURL(__filename).href;',
          },
        }
      : {}),
  });
  return path.join(work, file);
}

/** The test document builders, bundled so this script can call them. */
async function makeDocuments() {
  const fixtures = await import(
    await bundle('tests/fixtures/source-files.ts', 'source-files.mjs', 'esm')
  );
  const pdf = await fixtures.pdfWithPages(
    Array.from({ length: PDF_PAGES }, (_, page) => pageText(page)),
  );
  const sections = [];
  for (let page = 0; page < DOCX_PAGES; page += PAGES_PER_HEADING) {
    const pages = Math.min(PAGES_PER_HEADING, DOCX_PAGES - page);
    const paragraphs = [];
    for (let p = 0; p < pages; p += 1) {
      // Five paragraphs of 100 words a page.
      const words = pageText(page + p).split(' ');
      for (let at = 0; at < words.length; at += 100)
        paragraphs.push(words.slice(at, at + 100).join(' '));
    }
    sections.push({ heading: `Part ${sections.length + 1}`, paragraphs });
  }
  const docx = await fixtures.docxWithSections(sections, [
    ['Item', 'Count'],
    ['Gloves', '4'],
  ]);
  const files = {
    pdf: path.join(work, 'handbook.pdf'),
    docx: path.join(work, 'handbook.docx'),
  };
  fs.writeFileSync(files.pdf, pdf);
  fs.writeFileSync(files.docx, docx);
  return files;
}

/** One extraction in a fresh process: its time, the RSS once loaded and the peak RSS. */
function measure(extraction, file, kind) {
  const script = `
    const fs = require('node:fs');
    const { extractSource, chunkUnits } = require(${JSON.stringify(extraction)});
    const bytes = new Uint8Array(fs.readFileSync(${JSON.stringify(file)}));
    const loadedRss = process.memoryUsage().rss;
    (async () => {
      const started = performance.now();
      const read = await extractSource(bytes, ${JSON.stringify(kind)});
      const chunks = chunkUnits(read.units);
      const ms = performance.now() - started;
      const peakRss = process.resourceUsage().maxRSS * 1024;
      process.stdout.write(JSON.stringify({
        ms, loadedRss, peakRss, pages: read.pages, units: read.units.length, words: read.words,
        chunks: chunks.length,
      }));
    })();
  `;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`extracting ${kind} failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** Waits until the stand-in's counters stop moving for `quietMs`: the queued read has ended. */
async function settledCounts(countsUrl, quietMs = 2000, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await (await fetch(countsUrl)).json();
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await (await fetch(countsUrl)).json();
    if (now.reads !== last.reads || now.writes !== last.writes) {
      last = now;
      since = Date.now();
    } else if (now.writes > 0 && Date.now() - since >= quietMs) {
      return now;
    }
  }
  throw new Error(`The source was never read: ${JSON.stringify(last)}`);
}

/**
 * Firestore reads and writes of uploading the PDF (the POST) and of its reading (the task the
 * POST queued, run by the Functions emulator), each in a new course, counted by the stand-in
 * (its counters are reset before each and read once they stop moving, so polling the API does
 * not add reads). Runs on the shared suite of `npm test`'s bench stage, else starts one.
 */
async function uploadReadsAndWrites(pdfFile) {
  const { startSuite } = await import('./lib/suite.mjs');
  const { benchAccount } = await import('./lib/bench-account.mjs');
  const suite = await startSuite({ profile: 'test', withApp: true, standin: true, log: () => {} });
  try {
    const countsUrl = `http://${suite.env.FIRESTORE_CONTROL_HOST}/reads`;
    const { api, token } = await benchAccount(suite, {
      email: `bench-sources-${Date.now()}@example.com`,
      password: 'bench-password-1',
    });
    const bytes = fs.readFileSync(pdfFile);
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const course = await api('/courses/create-manual', 'POST', { name: `Sources ${run}` });
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'Handbook.pdf');
      await fetch(countsUrl, { method: 'DELETE' });
      const posted = await fetch(`${suite.appUrl}/api/courses/${course.id}/sources`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (posted.status !== 202) throw new Error(`upload: ${posted.status} ${await posted.text()}`);
      const post = await (await fetch(countsUrl)).json();
      await fetch(countsUrl, { method: 'DELETE' });
      const read = await settledCounts(countsUrl);
      const { sources } = await api(`/courses/${course.id}/sources`);
      if (sources[0]?.status !== 'ready' || sources[0]?.pages !== PDF_PAGES)
        throw new Error(`The source did not end ready: ${JSON.stringify(sources[0])}`);
      runs.push({ post, read });
    }
    return runs;
  } finally {
    await suite.stop();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values, format) =>
  `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
const ms = (value) => `${Math.round(value)} ms`;
const mb = (value) => `${Math.round(value / 1024 / 1024)} MB`;

try {
  console.log('Bundling the extraction as the API build does...');
  const extraction = await bundle(
    'functions/src/modules/sources/extraction/index.ts',
    'extraction.cjs',
    'cjs',
  );
  console.log(`  extraction bundle: ${(fs.statSync(extraction).size / 1024).toFixed(0)} KB`);
  console.log('Making the documents...');
  const files = await makeDocuments();
  const cases = [
    [`${PDF_PAGES}-page PDF`, files.pdf, 'pdf', { pages: PDF_PAGES }],
    [`${DOCX_PAGES}-page Word document`, files.docx, 'docx', {}],
  ];
  console.log(`\nExtraction, ${RUNS} runs each, median (min–max), a fresh process per run:`);
  for (const [name, file, kind, expected] of cases) {
    const runs = Array.from({ length: RUNS }, () => measure(extraction, file, kind));
    const [first] = runs;
    if (expected.pages !== undefined && first.pages !== expected.pages) {
      throw new Error(`${name}: read ${first.pages} pages`);
    }
    const wordsWanted = (kind === 'pdf' ? PDF_PAGES : DOCX_PAGES) * WORDS_PER_PAGE;
    if (first.words < wordsWanted) throw new Error(`${name}: read ${first.words} words`);
    console.log(
      `  ${name} (${(fs.statSync(file).size / 1024).toFixed(0)} KB, ${first.words} words, ` +
        `${first.units} ${kind === 'pdf' ? 'pages' : 'sections'}, ${first.chunks} chunks):`,
    );
    console.log(
      `    time      ${spread(
        runs.map((run) => run.ms),
        ms,
      )}`,
    );
    console.log(
      `    peak RSS  ${spread(
        runs.map((run) => run.peakRss),
        mb,
      )}`,
    );
    console.log(
      `    RSS before extracting (bundle and file loaded) ${spread(
        runs.map((run) => run.loadedRss),
        mb,
      )}`,
    );
  }
  const uploads = await uploadReadsAndWrites(files.pdf);
  const counts = (runs, part) =>
    `${spread(
      runs.map((run) => run[part].reads),
      String,
    )} reads, ${spread(
      runs.map((run) => run[part].writes),
      String,
    )} writes`;
  console.log(
    `\nFirestore, one upload of the ${PDF_PAGES}-page PDF, median (min–max) of ${RUNS} uploads:`,
  );
  console.log(`  the POST: ${counts(uploads, 'post')}`);
  console.log(`  its reading on the queue: ${counts(uploads, 'read')}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
