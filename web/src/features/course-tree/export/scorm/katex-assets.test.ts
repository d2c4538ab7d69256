import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { KATEX_FONT_FILES } from './katex-assets';

/** Read from disk: Vitest hands CSS imports to tests empty, `?raw` ones too. */
const katexCss = fs.readFileSync(
  createRequire(import.meta.url).resolve('katex/dist/katex.min.css'),
  'utf8',
);

describe('KaTeX assets', () => {
  it('include every font file the stylesheet refers to', () => {
    const referenced = [...katexCss.matchAll(/url\(fonts\/([^)]+)\)/g)].map((match) => match[1]);
    expect(referenced.length).toBeGreaterThan(0);
    expect(new Set(KATEX_FONT_FILES)).toEqual(new Set(referenced));
  });

  it('come from a stylesheet that refers to nothing outside its fonts folder', () => {
    expect(katexCss.match(/url\((?!fonts\/)[^)]*\)/g)).toBeNull();
  });
});
