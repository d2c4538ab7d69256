import { describe, expect, it } from 'vitest';
import { normalizeMathDelimiters, prepareGeneratedLesson } from './markdown';

describe('normalizeMathDelimiters', () => {
  it('turns \\( \\) and \\[ \\] into dollar math', () => {
    expect(normalizeMathDelimiters('Area \\(\\pi r^2\\) and\n\\[\nx = 1\n\\]')).toBe(
      'Area $\\pi r^2$ and\n$$\nx = 1\n$$',
    );
  });

  it('leaves dollar math and plain brackets alone', () => {
    const text = 'Keep $a$ and $$b$$ and [links](x) and (parentheses).';
    expect(normalizeMathDelimiters(text)).toBe(text);
  });
});

describe('prepareGeneratedLesson', () => {
  it('drops a fence around the whole answer, normalises math and cleans', () => {
    const answer = '```markdown\n##Title\n\n\n\n\nText \\(x\\)\n```';
    expect(prepareGeneratedLesson(answer)).toBe('## Title\n\n\nText $x$');
  });

  it('keeps inner code fences such as diagrams', () => {
    const answer = '## Diagram\n\n```mermaid\ngraph TD\n  A --> B\n```';
    expect(prepareGeneratedLesson(answer)).toBe(answer);
  });
});
