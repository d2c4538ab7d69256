import { HttpsError } from 'firebase-functions/https';
import { onRequest } from 'firebase-functions/https';
import { defineSecret } from 'firebase-functions/params';
import { onTaskDispatched } from 'firebase-functions/tasks';
import {
  JSON_BODY_MAX_BYTES,
  UPLOAD_ROUTES,
  createApp,
  createJobSteps,
  createLearnApp,
  createSourceReader,
} from './app';
import { refusalLogLine, testOnlySettings } from './lib/deployed-config';
import { processVariables } from './lib/env';
import { API_TIMEOUT_SECONDS, STEP_TIMEOUT_SECONDS } from './lib/function-timeouts';
import { FUNCTIONS_REGION } from './lib/tasks/task-queue';
import type { StepTask } from './modules/jobs/job-record';
import { installFrontGate } from './middleware/front-gate';
import { STEP_TRIES } from './modules/jobs/jobs-service';
import { EXTRACT_SOURCE_TRIES, type ExtractSourceTask } from './modules/sources';

// Before the functions framework creates its server, whose parsers read every body first. Only
// where the platform serves `api` (it names the target in FUNCTION_TARGET): the step function is
// invoked by Cloud Tasks alone, and the Functions emulator runs a server of its own.
const variables = processVariables();
if (variables.FUNCTION_TARGET === 'api' && variables.FUNCTIONS_EMULATOR !== 'true') {
  installFrontGate({ jsonMaxBytes: JSON_BODY_MAX_BYTES, uploads: UPLOAD_ROUTES, basePath: '/api' });
}

/** Encrypts users' Google API keys; locally, `npm start` writes a generated one to .secret.local. */
const apiKeyEncryptionKey = defineSecret('API_KEY_ENCRYPTION_KEY');

/**
 * The whole API, reached through the Hosting rewrite `/api/**`. Hosting gives up on a rewritten
 * request after 60 s, so a longer function timeout would only burn instance time; AI requests
 * end before it (lib/function-timeouts.ts). Memory is sized for the worst body the platform lets
 * through (32 MB, parsed by the functions framework before the app can refuse it) beside 39
 * others in flight: docs/decisions.md.
 */
export const api = onRequest(
  {
    region: FUNCTIONS_REGION,
    memory: '4GiB',
    cpu: 1,
    concurrency: 40,
    timeoutSeconds: API_TIMEOUT_SECONDS,
    maxInstances: 10,
    secrets: [apiKeyEncryptionKey],
  },
  createApp(),
);

/**
 * The learner pages, `/learn/**`, `/sitemap.xml` and `/robots.txt` through Hosting rewrites: a
 * function of its own, so a popular course cannot starve authoring. A page is one Firestore read
 * and a render of one lesson (KaTeX loads on the first page with math), so a small instance
 * serves many at once, and the CDN keeps each page for 60 s.
 */
export const learn = onRequest(
  {
    region: FUNCTIONS_REGION,
    memory: '512MiB',
    cpu: 1,
    concurrency: 40,
    timeoutSeconds: 30,
    maxInstances: 20,
  },
  createLearnApp(),
);

let jobSteps: ReturnType<typeof createJobSteps> | undefined;

/**
 * One step of a whole-course generation job per task (see modules/jobs). The step decides when
 * it has failed for good (after STEP_TRIES tries); the queue allows a few more attempts so a
 * crashed instance is retried too. Steps wait on Gemini (a lesson can stream for a minute or
 * more), so one instance serves many at once.
 */
export const generationStep = onTaskDispatched<StepTask>(
  {
    region: FUNCTIONS_REGION,
    memory: '512MiB',
    cpu: 1,
    concurrency: 40,
    timeoutSeconds: STEP_TIMEOUT_SECONDS,
    maxInstances: 20,
    secrets: [apiKeyEncryptionKey],
    retryConfig: {
      maxAttempts: STEP_TRIES + 2,
      minBackoffSeconds: 1,
      maxBackoffSeconds: 60,
      maxDoublings: 4,
    },
    rateLimits: { maxConcurrentDispatches: 400, maxDispatchesPerSecond: 50 },
  },
  async (request) => {
    const settings = testOnlySettings(processVariables());
    if (settings.length > 0) {
      console.error(refusalLogLine(settings));
      throw new HttpsError('failed-precondition', 'The step function is misconfigured.');
    }
    jobSteps ??= createJobSteps();
    const verdict = await jobSteps.runStep(request.data, { retryCount: request.retryCount ?? 0 });
    if (verdict.retry) throw new HttpsError('unavailable', verdict.reason);
  },
);

let sourceReader: ReturnType<typeof createSourceReader> | undefined;

/**
 * Reads one file of an author's source into text (see modules/sources), on a queue of its own
 * so a batch of large documents never delays a generation step. 2 GiB: pdf.js holds the whole
 * file (up to 20 MB) and its parsed pages, and mammoth a Word file inflated up to 200 MB of XML
 * (a 200-page PDF peaks at 120 MB: bench:sources); one read at a time per instance keeps the
 * worst file within it.
 * An unexpected failure is retried (EXTRACT_SOURCE_TRIES); a file that cannot be read fails
 * the source at once.
 */
export const extractSource = onTaskDispatched<ExtractSourceTask>(
  {
    region: FUNCTIONS_REGION,
    memory: '2GiB',
    cpu: 1,
    concurrency: 1,
    timeoutSeconds: 540,
    maxInstances: 20,
    retryConfig: {
      maxAttempts: EXTRACT_SOURCE_TRIES,
      minBackoffSeconds: 5,
      maxBackoffSeconds: 60,
    },
    rateLimits: { maxConcurrentDispatches: 20 },
  },
  async (request) => {
    const settings = testOnlySettings(processVariables());
    if (settings.length > 0) {
      console.error(refusalLogLine(settings));
      throw new HttpsError('failed-precondition', 'The source reader is misconfigured.');
    }
    sourceReader ??= createSourceReader();
    await sourceReader.readSource(request.data, { retryCount: request.retryCount ?? 0 });
  },
);
