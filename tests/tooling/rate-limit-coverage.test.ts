import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { parseEnv } from '../../functions/src/lib/env';
import {
  RATE_LIMIT_RULES,
  rateLimitSettingsFromEnv,
  ruleOf,
  type RateLimitRule,
} from '../../functions/src/lib/rate-limits';
import type { Guards } from '../../functions/src/middleware/guards';
import type { GenerationService } from '../../functions/src/modules/generation/generation-service';
import { generationRoutes } from '../../functions/src/modules/generation/generation-routes';
import type { ImagesService } from '../../functions/src/modules/images/images-service';
import { imageRoutes } from '../../functions/src/modules/images/image-routes';
import {
  questionGenerationRoutes,
  type QuestionGenerationService,
} from '../../functions/src/modules/questions';
import { rateLimitGuards } from '../../functions/src/modules/rate-limits/rate-limit-guard';
import { forEachRoute } from '../../functions/src/testing/route-table';

/** The routes that must carry a limit, by method and path pattern, with their rules. */
const LIMITED: [method: string, path: string, rules: RateLimitRule[]][] = [
  ['POST', '/auth/register', ['register']],
  ['POST', '/auth/forgot-password', ['forgot-password']],
  ['POST', '/auth/google-auth', ['google-sign-in']],
  ['POST', '/auth/resend-verification', ['resend-verification']],
  ['POST', '/courses/add_course', ['ai']],
  ['POST', '/courses/add_course_audio', ['ai']],
  ['POST', '/courses/:courseId/generate_subjects', ['ai']],
  ['POST', '/courses/:courseId/subjects/:subjectId/generate_chapters', ['ai']],
  ['POST', '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/generate_topics', ['ai']],
  [
    'POST',
    '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/generate_content',
    ['ai'],
  ],
  [
    'POST',
    '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/generate_questions',
    ['ai'],
  ],
  ['POST', '/images/courses/:courseId/generate', ['ai']],
  ['POST', '/images/courses/:courseId/subjects/generate-all', ['ai']],
  ['POST', '/images/courses/:courseId/subjects/:subjectId/generate', ['ai']],
  ['POST', '/courses/:courseId/generate_all', ['ai']],
  ['POST', '/courses/:courseId/jobs/:jobId/retry', ['ai']],
  ['POST', '/courses/import', ['import']],
  ['GET', '/courses/:courseId/tree', ['tree']],
  ['GET', '/courses/:courseId/export/markdown', ['export']],
  ['POST', '/courses/:courseId/publish', ['publish']],
  ['PUT', '/courses/:courseId/publish/listing', ['publish']],
  [
    'PUT',
    '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/topics/:topicId/diagrams',
    ['diagrams'],
  ],
  ['PUT', '/courses/:courseId/subjects/:subjectId/chapters/:chapterId/quiz', ['quiz-settings']],
  ['POST', '/courses/:courseId/sources', ['sources']],
  ['PUT', '/courses/:courseId/sources/:sourceId', ['sources']],
  ['DELETE', '/courses/:courseId/sources/:sourceId', ['sources']],
  ['PUT', '/learn/:slug/progress', ['progress', 'new-learner']],
  ['POST', '/learn/:slug/topics/:topicId/answers', ['answers']],
  ['POST', '/learn/:slug/chapters/:chapterId/attempts', ['quiz', 'new-learner']],
  ['POST', '/learn/:slug/chapters/:chapterId/attempts/:attemptId/submit', ['quiz']],
  ['POST', '/testimonials', ['testimonials']],
];

/** `METHOD path` → the rules its handlers count for, read from the router itself. */
function limitsOf(app: Express): Map<string, RateLimitRule[]> {
  const found = new Map<string, RateLimitRule[]>();
  forEachRoute(app, (route) => {
    for (const layer of route.stack) {
      const key = `${layer.method.toUpperCase()} ${route.path}`;
      const rule = ruleOf(layer.handle);
      found.set(key, [...(found.get(key) ?? []), ...(rule ? [rule] : [])]);
    }
  });
  return found;
}

const notCalled = () => {
  throw new Error('Only the route table is read; no request is made.');
};
const pass: RequestHandler = (_req, _res, next) => next();
const guards: Guards = {
  signedIn: pass,
  learner: pass,
  admin: pass,
  ...rateLimitGuards({ consume: notCalled }, notCalled),
};

describe('rate limit coverage, read from the route table', () => {
  const routes = limitsOf(createApp());

  it.each(LIMITED)('%s %s carries its limits', (method, pattern, rules) => {
    const key = `${method} ${pattern}`;
    expect(routes.has(key), `${key} is not a route`).toBe(true);
    expect(routes.get(key)).toEqual(expect.arrayContaining(rules));
  });

  it('limits every route of the generation, question generation and cover routers as AI', () => {
    const app = express();
    app.use(generationRoutes({} as GenerationService, guards));
    app.use(questionGenerationRoutes({} as QuestionGenerationService, guards));
    app.use(imageRoutes({} as ImagesService, guards));
    const aiRoutes = limitsOf(app);
    expect(aiRoutes.size).toBeGreaterThan(0);
    for (const [key, rules] of aiRoutes) {
      expect(rules, `${key} has no 'ai' limit`).toContain('ai');
      expect(
        LIMITED.some(([method, pattern]) => `${method} ${pattern}` === key),
        `${key} is missing from LIMITED`,
      ).toBe(true);
    }
  });

  it('uses every rule on some route', () => {
    const used = new Set([...routes.values()].flat());
    expect(RATE_LIMIT_RULES.filter((rule) => !used.has(rule))).toEqual([]);
  });

  it('lists every limit setting with its default in the README table', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const defaults = Object.entries(parseEnv({})).filter(
      ([name, value]) => name.startsWith('RATE_LIMIT_') && typeof value === 'number',
    );
    expect(defaults.length).toBeGreaterThan(10);
    for (const [name, value] of defaults) {
      const row = readme.split('\n').find((line) => line.includes(`\`${name}\``));
      expect(row, `${name} is not in the README`).toBeDefined();
      expect(row?.split('|').map((cell) => cell.trim())).toContain(String(value));
    }
    // Every rule's settings come from the environment the table describes.
    expect(Object.keys(rateLimitSettingsFromEnv(parseEnv({})).rules).sort()).toEqual(
      [...RATE_LIMIT_RULES].sort(),
    );
  });
});
