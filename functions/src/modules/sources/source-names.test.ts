import { SOURCE_LIMITS } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import { sourceNameOf } from './source-names';

describe('sourceNameOf', () => {
  it('keeps only the last segment of a path, without control characters', () => {
    expect(sourceNameOf('C:\\Users\\me\\Handbook.pdf')).toBe('Handbook.pdf');
    expect(sourceNameOf('../../notes/Week\u0000 1\u001b.md')).toBe('Week 1.md');
  });

  it('cuts a long name to the limit, keeping its extension', () => {
    const name = sourceNameOf(`${'ä'.repeat(300)}.docx`);
    expect([...name]).toHaveLength(SOURCE_LIMITS.nameMaxLength);
    expect(name.endsWith('ä.docx')).toBe(true);
  });
});
