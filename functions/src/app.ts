import {
  COURSE_AUDIO_MAX_BYTES,
  COURSE_AUDIO_TOO_LARGE,
  COURSE_BUNDLE_LIMITS,
  COURSE_BUNDLE_MESSAGES,
  SOURCE_LIMITS,
  SOURCE_MESSAGES,
} from '@coursecraft/contracts';
import express, { type Express } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { getEnv, processVariables } from './lib/env';
import { API_AI_DEADLINE_MS, STEP_AI_DEADLINE_MS } from './lib/function-timeouts';
import { adminAuth } from './lib/firebase-admin';
import { HttpError } from './lib/http-error';
import type { IdTokenVerifier } from './lib/id-token';
import { rateLimitSettingsFromEnv, type RateLimitSettings } from './lib/rate-limits';
import { parseEncryptionKey } from './lib/secret-box';
import { createImageStore, createSourceStore } from './lib/storage/create-image-store';
import {
  EXTRACT_SOURCE_FUNCTION,
  GENERATION_STEP_FUNCTION,
  cloudTaskQueue,
  type TaskQueue,
} from './lib/tasks/task-queue';
import type { ImageStore } from './lib/storage/image-store';
import type { SourceStore } from './lib/storage/source-store';
import { bodyGate, type UploadRoute } from './middleware/body-gate';
import { errorHandler } from './middleware/error-handler';
import type { Guards } from './middleware/guards';
import { noStoreByDefault } from './middleware/no-store';
import { refuseCompressedBodies } from './middleware/refuse-compressed-bodies';
import { refuseTestOnlySettings } from './middleware/refuse-test-only-settings';
import { requireCurrentAdmin } from './middleware/require-admin';
import { requireAuth } from './middleware/require-auth';
import { requireWellFormedText } from './middleware/well-formed-text';
import {
  firestoreAccountRepository,
  type AccountRepository,
} from './modules/accounts/account-repository';
import { accountsRoutes } from './modules/accounts/accounts-routes';
import { accountsService } from './modules/accounts/accounts-service';
import { adminRepository, type AdminRepository } from './modules/admin/admin-repository';
import { adminRoutes } from './modules/admin/admin-routes';
import { adminService } from './modules/admin/admin-service';
import { coursesRoutes } from './modules/courses/courses-routes';
import { diagramRepository, type DiagramRepository } from './modules/diagrams/diagram-repository';
import { diagramsRoutes } from './modules/diagrams/diagrams-routes';
import { diagramsService } from './modules/diagrams/diagrams-service';
import { coursesService } from './modules/courses/courses-service';
import { exportsRoutes } from './modules/exports/exports-routes';
import { exportsService } from './modules/exports/exports-service';
import { filesRoutes } from './modules/files/files-routes';
import { filesService } from './modules/files/files-service';
import { geminiAccess } from './modules/generation/gemini-access';
import {
  generationLockRepository,
  type GenerationLockRepository,
} from './modules/generation/generation-lock-repository';
import { generationRoutes } from './modules/generation/generation-routes';
import { generationService } from './modules/generation/generation-service';
import {
  firestoreHealthRepository,
  type HealthRepository,
} from './modules/health/health-repository';
import { healthRoutes } from './modules/health/health-routes';
import { healthService } from './modules/health/health-service';
import { historyRoutes } from './modules/history/history-routes';
import { historyService } from './modules/history/history-service';
import { imageRoutes } from './modules/images/image-routes';
import { imagesService } from './modules/images/images-service';
import type { StepTask } from './modules/jobs/job-record';
import { jobsRepository, type JobsRepository } from './modules/jobs/jobs-repository';
import { jobsRoutes } from './modules/jobs/jobs-routes';
import { jobsService, type JobsService } from './modules/jobs/jobs-service';
import { orderingRoutes } from './modules/ordering/ordering-routes';
import { orderingService } from './modules/ordering/ordering-service';
import {
  createOutline,
  nodeDeletions,
  outlineRepository,
  outlineRoutes,
  outlineService,
  type NodeDeletionHandler,
  type OutlineRepository,
} from './modules/outline';
import {
  testimonialRepository,
  type TestimonialRepository,
} from './modules/testimonials/testimonial-repository';
import { testimonialsRoutes } from './modules/testimonials/testimonials-routes';
import {
  publishingRepository,
  type PublishingRepository,
} from './modules/publishing/publishing-repository';
import { analyticsService } from './modules/publishing/analytics-service';
import {
  analyticsRepository,
  type AnalyticsRepository,
} from './modules/publishing/analytics-repository';
import {
  learnerPagesRepository,
  type LearnerPagesRepository,
} from './modules/publishing/learner-pages/learner-pages-repository';
import { learnerPagesRoutes } from './modules/publishing/learner-pages/learner-pages-routes';
import { learnerPagesService } from './modules/publishing/learner-pages/learner-pages-service';
import { learnerPagesErrorHandler } from './modules/publishing/learner-pages/learner-pages-errors';
import { learnerChecksService } from './modules/publishing/learner-checks-service';
import { learnerRoutes } from './modules/publishing/learner-routes';
import { learnerQuizService } from './modules/publishing/quizzes/learner-quiz-service';
import {
  quizAttemptsRepository,
  type QuizAttemptsRepository,
} from './modules/publishing/quizzes/quiz-attempts-repository';
import { quizRoutes } from './modules/publishing/quizzes/quiz-routes';
import { learnerService } from './modules/publishing/learner-service';
import { publishingRoutes } from './modules/publishing/publishing-routes';
import {
  questionGenerationRoutes,
  questionGenerationService,
  questionsRepository,
  questionsRoutes,
  questionsService,
  type QuestionsRepository,
} from './modules/questions';
import { publishingService, type DrawingLookup } from './modules/publishing/publishing-service';
import {
  chapterQuizzesRepository,
  chapterQuizzesRoutes,
  chapterQuizzesService,
  type ChapterQuizzesRepository,
} from './modules/quizzes';
import { rateLimitGuards } from './modules/rate-limits/rate-limit-guard';
import {
  rateLimitRepository,
  type RateLimitRepository,
} from './modules/rate-limits/rate-limit-repository';
import { rateLimitsRoutes } from './modules/rate-limits/rate-limits-routes';
import { rateLimitsService } from './modules/rate-limits/rate-limits-service';
import { testimonialsService } from './modules/testimonials/testimonials-service';
import {
  citationsRepository,
  groundingRoutes,
  groundingService,
  type CitationsRepository,
} from './modules/grounding';
import {
  sourcesRepository,
  sourcesRoutes,
  sourcesService,
  type ExtractSourceTask,
  type SourcesRepository,
  type SourcesService,
} from './modules/sources';

/** Largest JSON body the API accepts: room for a lesson of CONTENT_MAX_LENGTH multibyte characters. */
export const JSON_BODY_MAX_BYTES = 512 * 1024;
/** The multipart uploads; every other body is JSON. */
export const UPLOAD_ROUTES: UploadRoute[] = [
  {
    method: 'POST',
    path: '/courses/add_course_audio',
    maxBytes: COURSE_AUDIO_MAX_BYTES,
    tooLargeMessage: COURSE_AUDIO_TOO_LARGE,
  },
  {
    method: 'POST',
    path: '/courses/import',
    maxBytes: COURSE_BUNDLE_LIMITS.uploadBytes,
    tooLargeMessage: COURSE_BUNDLE_MESSAGES.tooLarge,
  },
  ...[
    { method: 'POST', path: '/courses/:courseId/sources' },
    { method: 'PUT', path: '/courses/:courseId/sources/:sourceId' },
  ].map((route) => ({
    ...route,
    maxBytes: SOURCE_LIMITS.fileBytes,
    tooLargeMessage: SOURCE_MESSAGES.tooLarge,
  })),
];
export const NOT_FOUND_MESSAGE = 'Not found';

/** What the app talks to; tests replace single entries, production uses the defaults. */
export interface AppDependencies {
  /** Firebase ID token check; the default asks Auth with checkRevoked = true. */
  verifyIdToken: IdTokenVerifier;
  /** Resolved on first use, so a misconfigured store fails requests, not module loading. */
  imageStore: () => ImageStore;
  /** The private store of the authors' source files; resolved on first use. */
  sourceStore: () => SourceStore;
  version: () => string;
  auth: () => Auth;
  /** The key sealing users' Google API keys; resolved on first use. */
  apiKeyEncryptionKey: () => Buffer;
  appOrigins: () => string[];
  now: () => Date;
  /** How many AI requests one user may run at once. */
  aiRequestsPerUser: () => number;
  /** Request limits per route family, the daily AI budget, and how client addresses are read. */
  rateLimits: () => RateLimitSettings;
  /** How long an AI request may run: a margin under its function's timeout. */
  aiDeadlineMs: () => number;
  rateLimitRepository: RateLimitRepository;
  healthRepository: HealthRepository;
  accountRepository: AccountRepository;
  outlineRepository: OutlineRepository;
  generationLockRepository: GenerationLockRepository;
  testimonialRepository: TestimonialRepository;
  adminRepository: AdminRepository;
  publishingRepository: PublishingRepository;
  /** Question counters and published questions for the author's analytics. */
  analyticsRepository: AnalyticsRepository;
  learnerPagesRepository: LearnerPagesRepository;
  quizAttemptsRepository: QuizAttemptsRepository;
  /** The stored drawings of a course's diagrams, put into the learner pages at publish. */
  drawings: DrawingLookup;
  jobsRepository: JobsRepository;
  diagramRepository: DiagramRepository;
  questionsRepository: QuestionsRepository;
  chapterQuizzesRepository: ChapterQuizzesRepository;
  /**
   * Handlers of the outline's deletion port run after the modules' own (publishing, images):
   * none in production; tests register theirs here.
   */
  nodeDeletionHandlers: NodeDeletionHandler[];
  /** The queue of the task-queue function that runs whole-course job steps. */
  stepQueue: TaskQueue<StepTask>;
  sourcesRepository: SourcesRepository;
  /** The queue of the task-queue function that reads sources. */
  sourceQueue: TaskQueue<ExtractSourceTask>;
  /** Estimated tokens of sources one outline request may read (SOURCE_BUDGET_TOKENS). */
  sourceBudgetTokens: () => number;
  /** The sources each lesson cites, for Source changed. */
  citationsRepository: CitationsRepository;
  /** The process's variables, checked for test-only settings on the first request. */
  variables: () => Record<string, string | undefined>;
}

function encryptionKeyFromEnv(): Buffer {
  const base64 = getEnv().API_KEY_ENCRYPTION_KEY;
  if (!base64) throw new Error('API_KEY_ENCRYPTION_KEY is not set.');
  return parseEncryptionKey(base64);
}

function defaultDependencies(): AppDependencies {
  let imageStore: ImageStore | undefined;
  let sourceStore: SourceStore | undefined;
  let encryptionKey: Buffer | undefined;
  const pages = learnerPagesRepository();
  const drawings = diagramRepository();
  return {
    verifyIdToken: (idToken) => adminAuth().verifyIdToken(idToken, true),
    imageStore: () => (imageStore ??= createImageStore(getEnv())),
    sourceStore: () => (sourceStore ??= createSourceStore(getEnv())),
    version: () => getEnv().APP_VERSION,
    auth: adminAuth,
    apiKeyEncryptionKey: () => (encryptionKey ??= encryptionKeyFromEnv()),
    appOrigins: () => getEnv().APP_ORIGINS,
    now: () => new Date(),
    aiRequestsPerUser: () => getEnv().AI_REQUESTS_PER_USER,
    rateLimits: () => rateLimitSettingsFromEnv(getEnv()),
    aiDeadlineMs: () => API_AI_DEADLINE_MS,
    rateLimitRepository: rateLimitRepository(),
    healthRepository: firestoreHealthRepository,
    accountRepository: firestoreAccountRepository,
    outlineRepository: outlineRepository(),
    generationLockRepository: generationLockRepository(),
    testimonialRepository: testimonialRepository(),
    adminRepository: adminRepository(),
    publishingRepository: publishingRepository(),
    analyticsRepository: analyticsRepository(),
    learnerPagesRepository: pages,
    quizAttemptsRepository: quizAttemptsRepository(),
    drawings: (path, keys) => drawings.drawingsOf(path, keys),
    jobsRepository: jobsRepository(),
    diagramRepository: drawings,
    questionsRepository: questionsRepository(),
    chapterQuizzesRepository: chapterQuizzesRepository(),
    nodeDeletionHandlers: [],
    stepQueue: cloudTaskQueue<StepTask>(GENERATION_STEP_FUNCTION),
    sourcesRepository: sourcesRepository(),
    sourceQueue: cloudTaskQueue<ExtractSourceTask>(EXTRACT_SOURCE_FUNCTION),
    sourceBudgetTokens: () => getEnv().SOURCE_BUDGET_TOKENS,
    citationsRepository: citationsRepository(),
    variables: processVariables,
  };
}

function notFound(): never {
  throw new HttpError(404, 'NOT_FOUND', NOT_FOUND_MESSAGE);
}

/** The services every entry point (the API, the job step function) builds the same way. */
function wireServices(deps: AppDependencies) {
  const accounts = accountsService(deps);
  const limits = rateLimitsService({
    counters: deps.rateLimitRepository,
    rateLimits: deps.rateLimits,
    now: deps.now,
  });
  const withGemini = geminiAccess({
    locks: deps.generationLockRepository,
    requestsPerUser: deps.aiRequestsPerUser,
    readApiKey: (uid) => accounts.readApiKey(uid),
    expectBudgetLeft: (uid) => limits.expectAiBudgetLeft(uid),
    chargeCall: (uid) => limits.consumeAiCall(uid),
    deadlineMs: deps.aiDeadlineMs,
  });
  const deletions = nodeDeletions();
  const outline = createOutline(deps.outlineRepository, deletions);
  const images = imagesService({ outline, withGemini, store: deps.imageStore });
  const diagrams = diagramsService({ outline, drawings: deps.diagramRepository, now: deps.now });
  const questions = questionsService({ outline, questions: deps.questionsRepository });
  const quizzes = chapterQuizzesService({
    outline,
    quizzes: deps.chapterQuizzesRepository,
    questions: deps.questionsRepository,
  });
  const publishing = publishingService({
    outline,
    publications: deps.publishingRepository,
    store: deps.imageStore,
    appOrigins: deps.appOrigins,
    now: deps.now,
    pages: deps.learnerPagesRepository,
    drawings: deps.drawings,
    questions: (path) => deps.questionsRepository.listCourse(path),
    quizSettings: (path) => deps.chapterQuizzesRepository.listCourse(path),
  });
  const sources = sourcesService({
    outline,
    sources: deps.sourcesRepository,
    store: deps.sourceStore,
    queue: deps.sourceQueue,
    budgetTokens: deps.sourceBudgetTokens,
    now: deps.now,
  });
  const grounding = groundingService({
    readSourceTexts: (courseId, options) => sources.readTexts(courseId, options),
    citations: deps.citationsRepository,
    outline,
  });
  // Publishing first: it holds the course's lease around everything after it.
  deletions.onDeleted(publishing.forgetDeletedCourse);
  deletions.onDeleted(sources.forgetDeletedCourse);
  deletions.onDeleted(grounding.forgetDeletedNodes);
  deletions.onDeleted(images.forgetDeletedImages);
  deletions.onDeleted(diagrams.forgetDeletedCourse);
  deletions.onDeleted(questions.forgetDeletedQuestions);
  deletions.onDeleted(quizzes.forgetDeletedQuizzes);
  for (const handler of deps.nodeDeletionHandlers) deletions.onDeleted(handler);
  const generation = generationService({ outline, withGemini, grounding });
  const questionGeneration = questionGenerationService({
    outline,
    withGemini,
    questions: deps.questionsRepository,
    grounding,
  });
  const jobs = jobsService({
    outline,
    jobs: deps.jobsRepository,
    generation,
    questionGeneration,
    grounding,
    questions: deps.questionsRepository,
    queue: deps.stepQueue,
    readApiKey: (uid) => accounts.readApiKey(uid),
    expectAiBudgetLeft: (uid) => limits.expectAiBudgetLeft(uid),
    aiRequestsPerUser: deps.aiRequestsPerUser,
    now: deps.now,
  });
  return {
    accounts,
    limits,
    outline,
    images,
    diagrams,
    questions,
    quizzes,
    publishing,
    generation,
    questionGeneration,
    jobs,
    sources,
    grounding,
  };
}

/** What the task-queue function runs for each step of a whole-course job (with its longer deadline). */
export function createJobSteps(overrides: Partial<AppDependencies> = {}): JobsService {
  return wireServices({
    ...defaultDependencies(),
    aiDeadlineMs: () => STEP_AI_DEADLINE_MS,
    ...overrides,
  }).jobs;
}

/** What the `extractSource` task-queue function runs for each source read. */
export function createSourceReader(overrides: Partial<AppDependencies> = {}): SourcesService {
  return wireServices({ ...defaultDependencies(), ...overrides }).sources;
}

/** What the `learn` function needs; tests replace single entries. */
export interface LearnAppDependencies {
  learnerPagesRepository: Pick<
    LearnerPagesRepository,
    'readCoursePage' | 'readTopicPage' | 'listedCoursePages'
  >;
  appOrigins: () => string[];
}

/**
 * The server-rendered learner pages (the `learn` function): `/learn/**`, `/sitemap.xml`,
 * `/robots.txt`. Reads only; no body is ever parsed.
 */
export function createLearnApp(overrides: Partial<LearnAppDependencies> = {}): Express {
  const deps: LearnAppDependencies = {
    learnerPagesRepository: learnerPagesRepository(),
    appOrigins: () => getEnv().APP_ORIGINS,
    ...overrides,
  };
  const app = express();
  app.disable('x-powered-by');
  app.use(
    learnerPagesRoutes(
      learnerPagesService({ pages: deps.learnerPagesRepository, appOrigins: deps.appOrigins }),
    ),
  );
  app.use(learnerPagesErrorHandler);
  return app;
}

/**
 * The whole REST API as an Express app, mounted under /api; `listen` is the caller's business.
 * Here services get their repositories and ports, and every router the same guards, which it
 * attaches to each of its routes (public routes have none).
 */
export function createApp(overrides: Partial<AppDependencies> = {}): Express {
  const deps: AppDependencies = { ...defaultDependencies(), ...overrides };
  const {
    accounts,
    limits,
    outline,
    images,
    diagrams,
    questions,
    quizzes,
    publishing,
    generation,
    questionGeneration,
    jobs,
    sources,
    grounding,
  } = wireServices(deps);
  const guards: Guards = {
    signedIn: requireAuth(deps.verifyIdToken),
    learner: requireAuth(deps.verifyIdToken, { allowAnonymous: true }),
    admin: requireCurrentAdmin(deps.auth),
    ...rateLimitGuards(limits, deps.rateLimits),
  };

  const analytics = analyticsService({
    outline,
    publications: deps.publishingRepository,
    stats: deps.analyticsRepository,
    now: deps.now,
  });
  const learning = learnerService({ publications: deps.publishingRepository, now: deps.now });
  const checks = learnerChecksService({ publications: deps.publishingRepository, now: deps.now });
  const learnerQuizzes = learnerQuizService({
    publications: deps.publishingRepository,
    attempts: deps.quizAttemptsRepository,
    now: deps.now,
  });
  const ordering = orderingService({ outline, now: deps.now });
  const testimonials = testimonialsService({
    testimonials: deps.testimonialRepository,
    findAuthor: (uid) => deps.accountRepository.findProfile(uid),
  });

  const app = express();
  app.disable('x-powered-by');
  app.use(refuseCompressedBodies);
  app.use(refuseTestOnlySettings(deps.variables));
  const api = express.Router();
  api.use(noStoreByDefault);
  api.use(bodyGate({ jsonMaxBytes: JSON_BODY_MAX_BYTES, uploads: UPLOAD_ROUTES }));
  api.use(express.json({ limit: JSON_BODY_MAX_BYTES }));
  api.use(requireWellFormedText);
  api.use(healthRoutes(healthService(deps)));
  api.use(accountsRoutes(accounts, guards));
  api.use(rateLimitsRoutes(limits, guards));
  // Before the courses router: its `/subjects/:subjectId` would take `/subjects/order`.
  api.use(orderingRoutes(ordering, guards));
  api.use(historyRoutes(historyService({ outline }), guards));
  api.use(coursesRoutes(coursesService(outline), guards));
  api.use(outlineRoutes(outlineService(outline), guards));
  api.use(publishingRoutes({ publishing, analytics }, guards));
  api.use(diagramsRoutes(diagrams, guards));
  api.use(questionsRoutes(questions, guards));
  api.use(chapterQuizzesRoutes(quizzes, guards));
  api.use(learnerRoutes({ learning, checks }, guards));
  api.use(quizRoutes(learnerQuizzes, guards));
  api.use(generationRoutes(generation, guards));
  api.use(questionGenerationRoutes(questionGeneration, guards));
  api.use(jobsRoutes(jobs, guards));
  api.use(sourcesRoutes(sources, guards));
  api.use(groundingRoutes(grounding, guards));
  api.use(
    exportsRoutes(
      exportsService({
        outline,
        questions: deps.questionsRepository,
        quizzes: deps.chapterQuizzesRepository,
        store: deps.imageStore,
      }),
      guards,
    ),
  );
  api.use(imageRoutes(images, guards));
  api.use(testimonialsRoutes(testimonials, guards));
  api.use(
    adminRoutes(
      adminService({ auth: deps.auth, adminRepository: deps.adminRepository, testimonials }),
      guards,
    ),
  );
  api.use(filesRoutes(filesService(deps.imageStore)));
  api.use(notFound);
  app.use('/api', api);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
