/**
 * The Cloud Functions' timeouts and what an AI request may take inside them. Hosting cuts a
 * rewritten request at 60 s, so the API function stops there too; a whole-course job step runs
 * in the task-queue function, which may take 540 s. An AI request ends (its Gemini call aborted,
 * its slots freed) a margin before its function's timeout, leaving time to answer and clean up.
 */
export const API_TIMEOUT_SECONDS = 60;
export const STEP_TIMEOUT_SECONDS = 540;
export const AI_DEADLINE_MARGIN_MS = 10_000;

export const API_AI_DEADLINE_MS = API_TIMEOUT_SECONDS * 1000 - AI_DEADLINE_MARGIN_MS;
export const STEP_AI_DEADLINE_MS = STEP_TIMEOUT_SECONDS * 1000 - AI_DEADLINE_MARGIN_MS;
