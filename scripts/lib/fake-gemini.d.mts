/** Types of `fake-gemini.mjs` for the TypeScript tests that start it. */
export interface FakeGemini {
  url: string;
  stop(): Promise<void>;
}

/** Why a Gemini answer ended (the SDK's `FinishReason`), as the fake can end one. */
export type FakeFinishReason =
  | 'STOP'
  | 'MAX_TOKENS'
  | 'SAFETY'
  | 'RECITATION'
  | 'BLOCKLIST'
  | 'PROHIBITED_CONTENT'
  | 'SPII'
  | 'IMAGE_SAFETY'
  | 'IMAGE_PROHIBITED_CONTENT'
  | 'IMAGE_RECITATION'
  | 'OTHER';

/** One queued fault (`POST /__fake/faults`), used by the first request it matches. */
export interface FakeFault {
  status?: 400 | 429 | 500 | 503;
  /** With a 429: Gemini's RetryInfo delay, such as `'17s'`. */
  retryDelay?: string;
  delayMs?: number;
  malformed?: boolean;
  empty?: boolean;
  cut?: boolean;
  finishReason?: FakeFinishReason;
  blockReason?: 'SAFETY' | 'OTHER' | 'BLOCKLIST' | 'PROHIBITED_CONTENT' | 'IMAGE_SAFETY';
  image?: 'gif' | 'svg' | 'mislabelled';
  match?: 'json' | 'text' | 'image' | 'stream';
  apiKey?: string;
  promptIncludes?: string;
  /** A questions request: its first n questions are broken in the ways the API must discard. */
  invalidQuestions?: number;
  /** A lesson written from sources: this many more citations, quoting what is on no page. */
  badCitations?: number;
  /** A lesson request: this text is the whole answer, as is. */
  lessonText?: string;
}

export function startFakeGemini(options?: { host?: string; port?: number }): Promise<FakeGemini>;
