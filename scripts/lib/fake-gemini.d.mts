/** Types of `fake-gemini.mjs` for the TypeScript tests that start it. */
export interface FakeGemini {
  url: string;
  stop(): Promise<void>;
}

export function startFakeGemini(options?: { host?: string; port?: number }): Promise<FakeGemini>;
