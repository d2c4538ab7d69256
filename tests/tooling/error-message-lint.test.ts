import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps code from telling errors apart by their message text, shown to fail:
 * each snippet is linted with the repository's ESLint config as if it lay at the given path.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const BY_CODE = 'Tell errors apart by their code (or status), never by their message text.';

const eslint = new ESLint({ cwd: ROOT });

async function messagesOf(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => message.message);
}

const COMPARISONS = [
  "export const a = (e: Error) => e.message === 'Job not found';",
  "export const b = (e: Error) => 'x' !== e.message;",
  "export const c = (e?: Error) => e?.message == 'y';",
  "export const d = (e: Error) => e.message.includes('busy');",
  'export const f = (e: Error) => /timed out/.test(e.message);',
  "export const g = (e: Error) => ['a'].includes(e.message);",
  "export const h = (e: { serverMessage?: string }) => e.serverMessage?.startsWith('B');",
  'export function i(e: Error) { switch (e.message) { default: return 1; } }',
];

describe('the error-message lint rule', () => {
  it.each(COMPARISONS)('refuses %s in the API and the web app', async (code) => {
    for (const file of ['functions/src/lib/probe.ts', 'web/src/lib/probe.ts']) {
      expect(await messagesOf(code, file), file).toContain(BY_CODE);
    }
  });

  it('applies in env.ts too, where process.env is allowed', async () => {
    const code = "export const a = (e: Error) => e.message === 'x' ? process.env.A : undefined;";
    expect(await messagesOf(code, 'functions/src/lib/env.ts')).toEqual([BY_CODE]);
  });

  it('keeps refusing process.env outside env.ts', async () => {
    expect(
      await messagesOf('export const a = process.env.A;', 'functions/src/lib/probe.ts'),
    ).toEqual(['Read environment variables only in the package env.ts module.']);
  });

  it('lets tests compare messages, and code read a message without comparing it', async () => {
    const comparison = "export const a = (e: Error) => e.message === 'x';";
    expect(await messagesOf(comparison, 'functions/src/lib/probe.test.ts')).toEqual([]);
    const reading =
      'export const b = (e: Error) => ({ error: e.message, length: e.message.length });';
    expect(await messagesOf(reading, 'web/src/lib/probe.ts')).toEqual([]);
  });
});
