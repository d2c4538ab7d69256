import { describe, expect, it } from 'vitest';
import { cleanContent, hasCasesEquation } from './clean-content';

describe('cleanContent', () => {
  it('collapses three or more blank lines into two', () => {
    expect(cleanContent('a\n\n\n\nb')).toBe('a\n\n\nb');
    expect(cleanContent('a\n\n  \n\n\n\nb')).toBe('a\n\n\nb');
    expect(cleanContent('a\n\n\nb')).toBe('a\n\n\nb');
  });

  it('adds the space after leading heading hashes, only at line starts', () => {
    expect(cleanContent('##Title\n#Other\n### Fine\nC# stays')).toBe(
      '## Title\n# Other\n### Fine\nC# stays',
    );
  });

  it('spots cases equations', () => {
    expect(hasCasesEquation('$$f(x)=\\begin{cases}1\\end{cases}$$')).toBe(true);
    expect(hasCasesEquation('$x^2$')).toBe(false);
  });
});
