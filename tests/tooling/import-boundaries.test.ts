import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Each import boundary that `npm run lint` enforces (.dependency-cruiser.cjs), shown to fail: the
 * test writes small probe files that break one rule each into the real source tree, runs
 * dependency-cruiser on them with the repository's config, and expects that rule to fire on them.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = `zz-boundary-probe-${process.pid}`;

/** Probe files by path (relative to the repository) and the rule each set must trip. */
const PROBES: { rule: string; files: Record<string, string> }[] = [
  {
    rule: 'no-circular',
    files: {
      [`web/src/lib/${TOKEN}-a.ts`]: `import type { B } from './${TOKEN}-b';\nexport type A = B[];\n`,
      [`web/src/lib/${TOKEN}-b.ts`]: `import type { A } from './${TOKEN}-a';\nexport type B = A | string;\n`,
    },
  },
  {
    rule: 'no-cycles-between-api-modules',
    files: {
      [`functions/src/modules/${TOKEN}-x/first.ts`]: `export { second } from '../${TOKEN}-y/second';\n`,
      [`functions/src/modules/${TOKEN}-x/third.ts`]: `export const third = 3;\n`,
      [`functions/src/modules/${TOKEN}-y/second.ts`]: `export const second = 2;\n`,
      [`functions/src/modules/${TOKEN}-y/fourth.ts`]: `export { third } from '../${TOKEN}-x/third';\n`,
    },
  },
  {
    rule: 'firestore-only-in-repositories',
    files: {
      [`functions/src/modules/courses/${TOKEN}-service.ts`]: `import type { Firestore } from 'firebase-admin/firestore';\nexport type Probe = Firestore;\n`,
      [`functions/src/modules/courses/${TOKEN}-helper.ts`]: `import { db } from '../../lib/firestore/db';\nexport const probe = db;\n`,
    },
  },
  {
    rule: 'api-routes-do-not-import-repositories',
    files: {
      [`functions/src/modules/outline/${TOKEN}-routes.ts`]: `import type { OutlineRepository } from './outline-repository';\nexport type Probe = OutlineRepository;\n`,
    },
  },
  {
    rule: 'api-services-do-not-import-middleware-or-express',
    files: {
      [`functions/src/modules/testimonials/${TOKEN}-other-service.ts`]: `import type { Request } from 'express';\nimport { requireAuth } from '../../middleware/require-auth';\nexport const probe = [requireAuth, null as Request | null];\n`,
    },
  },
  {
    rule: 'api-modules-stand-alone',
    files: {
      [`functions/src/modules/outline/${TOKEN}-images.ts`]: `export { imagesService } from '../images/images-service';\n`,
    },
  },
  {
    rule: 'api-modules-use-outline-through-its-entry',
    files: {
      [`functions/src/modules/ordering/${TOKEN}-deep.ts`]: `export type { OutlineRepository } from '../outline/outline-repository';\n`,
      [`functions/src/modules/publishing/${TOKEN}-deep.ts`]: `export { ownedOutline } from '../outline/owned-outline';\n`,
    },
  },
  {
    rule: 'api-courses-uses-only-outline',
    files: {
      [`functions/src/modules/courses/${TOKEN}-images.ts`]: `export { imagesService } from '../images/images-service';\n`,
    },
  },
  {
    rule: 'api-modules-do-not-import-courses',
    files: {
      [`functions/src/modules/generation/${TOKEN}-courses.ts`]: `export type { CoursesService } from '../courses/courses-service';\n`,
    },
  },
  {
    rule: 'api-modules-do-not-import-publishing',
    files: {
      [`functions/src/modules/courses/${TOKEN}-publishing.ts`]: `export type { PublishingService } from '../publishing/publishing-service';\n`,
      [`functions/src/modules/generation/${TOKEN}-publishing.ts`]: `export { publishingRoutes } from '../publishing/publishing-routes';\n`,
      [`functions/src/modules/images/${TOKEN}-publishing.ts`]: `export type { PublishingRepository } from '../publishing/publishing-repository';\n`,
    },
  },
  {
    rule: 'api-publishing-uses-only-outline',
    files: {
      [`functions/src/modules/publishing/${TOKEN}-images.ts`]: `export type { ImagesService } from '../images/images-service';\n`,
    },
  },
  {
    rule: 'api-modules-do-not-import-ordering',
    files: {
      [`functions/src/modules/courses/${TOKEN}-ordering.ts`]: `export type { OrderingService } from '../ordering/ordering-service';\n`,
      [`functions/src/modules/publishing/${TOKEN}-ordering.ts`]: `export { planMove } from '../ordering/order-positions';\n`,
    },
  },
  {
    rule: 'api-ordering-uses-only-outline',
    files: {
      [`functions/src/modules/ordering/${TOKEN}-images.ts`]: `export type { ImagesService } from '../images/images-service';\n`,
    },
  },
  {
    rule: 'api-modules-do-not-import-history',
    files: {
      [`functions/src/modules/courses/${TOKEN}-history.ts`]: `export type { HistoryService } from '../history/history-service';\n`,
      [`functions/src/modules/ordering/${TOKEN}-history.ts`]: `export { historyRoutes } from '../history/history-routes';\n`,
    },
  },
  {
    rule: 'api-history-uses-only-outline',
    files: {
      [`functions/src/modules/history/${TOKEN}-generation.ts`]: `export type { GenerationService } from '../generation/generation-service';\n`,
    },
  },
  {
    rule: 'api-modules-do-not-import-jobs',
    files: {
      [`functions/src/modules/courses/${TOKEN}-jobs.ts`]: `export { stepIdOf } from '../jobs/job-record';\n`,
      [`functions/src/modules/generation/${TOKEN}-jobs.ts`]: `export type { JobsService } from '../jobs/jobs-service';\n`,
      [`functions/src/${TOKEN}-jobs.ts`]: `export { jobsRoutes } from './modules/jobs/jobs-routes';\n`,
    },
  },
  {
    rule: 'api-jobs-uses-only-outline-and-generation',
    files: {
      [`functions/src/modules/jobs/${TOKEN}-images.ts`]: `export type { ImagesService } from '../images/images-service';\n`,
    },
  },
  {
    rule: 'api-modules-do-not-import-exports',
    files: {
      [`functions/src/modules/courses/${TOKEN}-exports.ts`]: `export type { ExportsService } from '../exports/exports-service';\n`,
      [`functions/src/modules/publishing/${TOKEN}-exports.ts`]: `export { readMarkdownBundle } from '../exports/markdown-bundle';\n`,
    },
  },
  {
    rule: 'api-exports-uses-only-outline-and-questions',
    files: {
      [`functions/src/modules/exports/${TOKEN}-images.ts`]: `export { withCacheBuster } from '../images/images-service';\n`,
    },
  },
  {
    rule: 'api-questions-uses-only-outline-and-generation',
    files: {
      [`functions/src/modules/questions/${TOKEN}-images.ts`]: `export type { ImagesService } from '../images/images-service';\n`,
    },
  },
  {
    rule: 'api-modules-do-not-import-questions',
    files: {
      [`functions/src/modules/publishing/${TOKEN}-questions.ts`]: `export { questionsRepository } from '../questions';\n`,
    },
  },
  {
    rule: 'api-modules-use-questions-through-its-entry',
    files: {
      [`functions/src/modules/exports/${TOKEN}-deep.ts`]: `export type { QuestionsRepository } from '../questions/questions-repository';\n`,
    },
  },
  {
    rule: 'gemini-sdk-in-one-file',
    files: {
      [`functions/src/modules/generation/${TOKEN}.ts`]: `import type { Part } from '@google/genai';\nexport type Probe = Part;\n`,
    },
  },
  {
    rule: 'mermaid-in-one-file',
    files: {
      [`web/src/components/ui/${TOKEN}.ts`]: `export const loadDiagrams = () => import('mermaid');\n`,
    },
  },
  {
    rule: 'web-lib-does-not-import-components',
    files: {
      [`web/src/lib/${TOKEN}.ts`]: `export { PageSpinner } from '../components/ui/PageSpinner';\n`,
    },
  },
  {
    rule: 'features-import-features-through-their-entry',
    files: {
      [`web/src/features/publishing/${TOKEN}-deep.ts`]: `export { courseTreeKeys } from '../course-tree/lib/keys';\n`,
    },
  },
];

/** Imports the boundaries allow, each expected to draw no violation at all. */
const ALLOWED: Record<string, string> = {
  [`web/src/features/print/${TOKEN}-entry.ts`]: `export { useCourseTree } from '../course-tree';\n`,
  [`web/src/features/learn/${TOKEN}-entry.ts`]: `export { LessonView } from '../course-tree/index';\n`,
  [`functions/src/modules/exports/${TOKEN}-entry.ts`]: `export type { QuestionsRepository } from '../questions';\n`,
};

const allFiles = [...PROBES.flatMap((probe) => Object.keys(probe.files)), ...Object.keys(ALLOWED)];
const probeDirectories = [`functions/src/modules/${TOKEN}-x`, `functions/src/modules/${TOKEN}-y`];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

let violations: Violation[] = [];

beforeAll(async () => {
  for (const files of [...PROBES.map((probe) => probe.files), ALLOWED]) {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
      fs.writeFileSync(path.join(ROOT, file), text);
    }
  }
  const depcruise = path.join(ROOT, 'node_modules/.bin/depcruise');
  const args = [...allFiles, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  // dependency-cruiser exits non-zero when it finds violations: that is the expected outcome.
  const output = await promisify(execFile)(depcruise, args, {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(output.stdout) as { summary: { violations: Violation[] } };
  violations = report.summary.violations;
}, 60_000);

afterAll(() => {
  for (const file of allFiles) fs.rmSync(path.join(ROOT, file), { force: true });
  for (const directory of probeDirectories) {
    fs.rmSync(path.join(ROOT, directory), { recursive: true, force: true });
  }
});

describe('import boundaries', () => {
  it.each(PROBES.map((probe) => [probe.rule, probe] as const))(
    'lint refuses a deliberate violation of %s',
    (rule) => {
      const hits = violations.filter(
        (violation) => violation.rule.name === rule && violation.from.includes(TOKEN),
      );
      expect(hits, `no ${rule} violation reported for the probe files`).not.toEqual([]);
    },
  );

  it("allows a feature to import another feature's public entry, refuses its files", () => {
    const importers = violations
      .filter((violation) => violation.rule.name === 'features-import-features-through-their-entry')
      .map((violation) => violation.from);
    expect(importers).toEqual([`web/src/features/publishing/${TOKEN}-deep.ts`]);
    for (const file of Object.keys(ALLOWED)) {
      expect(violations.filter((violation) => violation.from === file)).toEqual([]);
    }
  });

  it('refuses a deep import of the outline module from ordering and from publishing', () => {
    const modules = violations
      .filter(
        (violation) =>
          violation.rule.name === 'api-modules-use-outline-through-its-entry' &&
          violation.from.includes(TOKEN),
      )
      .map((violation) => violation.from.split('/')[3]);
    expect([...new Set(modules)].sort()).toEqual(['ordering', 'publishing']);
  });

  it('refuses an import of ordering from courses and from publishing', () => {
    const modules = violations
      .filter(
        (violation) =>
          violation.rule.name === 'api-modules-do-not-import-ordering' &&
          violation.from.includes(TOKEN),
      )
      .map((violation) => violation.from.split('/')[3]);
    expect([...new Set(modules)].sort()).toEqual(['courses', 'publishing']);
  });

  it('refuses an import of history from courses and from ordering', () => {
    const modules = violations
      .filter(
        (violation) =>
          violation.rule.name === 'api-modules-do-not-import-history' &&
          violation.from.includes(TOKEN),
      )
      .map((violation) => violation.from.split('/')[3]);
    expect([...new Set(modules)].sort()).toEqual(['courses', 'ordering']);
  });

  it('refuses an import of jobs from courses, generation and any file but app.ts and index.ts', () => {
    const importers = violations
      .filter(
        (violation) =>
          violation.rule.name === 'api-modules-do-not-import-jobs' &&
          violation.from.includes(TOKEN),
      )
      .map((violation) => violation.from);
    expect([...new Set(importers)].sort()).toEqual([
      `functions/src/modules/courses/${TOKEN}-jobs.ts`,
      `functions/src/modules/generation/${TOKEN}-jobs.ts`,
      `functions/src/${TOKEN}-jobs.ts`,
    ]);
  });

  it('refuses an import of publishing from each of courses, generation and images', () => {
    const modules = violations
      .filter(
        (violation) =>
          violation.rule.name === 'api-modules-do-not-import-publishing' &&
          violation.from.includes(TOKEN),
      )
      .map((violation) => violation.from.split('/')[3]);
    expect([...new Set(modules)].sort()).toEqual(['courses', 'generation', 'images']);
  });

  it('refuses an import of exports from courses and from publishing', () => {
    const modules = violations
      .filter(
        (violation) =>
          violation.rule.name === 'api-modules-do-not-import-exports' &&
          violation.from.includes(TOKEN),
      )
      .map((violation) => violation.from.split('/')[3]);
    expect([...new Set(modules)].sort()).toEqual(['courses', 'publishing']);
  });
});
