import { describe, expect, it } from 'vitest';
import {
  diagramSources,
  footnoteMarks,
  hasMath,
  lessonSummary,
  markdownPlainText,
} from './lesson-source';

describe('lessonSummary', () => {
  it('is the first paragraph as plain text, without markdown syntax', () => {
    const markdown =
      '# Title\n\nThe **first** paragraph has [a link](https://x.test), `code`,\n_emphasis_ and a note.[^1]\n\nThe second.\n\n[^1]: A note.';
    expect(lessonSummary(markdown)).toBe(
      'The first paragraph has a link, code, emphasis and a note.',
    );
  });

  it('skips a paragraph that is only a formula, and is empty for a lesson without prose', () => {
    expect(lessonSummary('$$x^2$$\n\nThen words.')).toBe('Then words.');
    expect(lessonSummary('# Only a heading\n\n```js\nx\n```')).toBe('');
  });

  it('cuts a long paragraph at a word, with an ellipsis', () => {
    const summary = lessonSummary('alpha beta gamma delta epsilon', 17);
    expect(summary).toBe('alpha beta gamma…');
    expect(lessonSummary('alpha beta gamma delta', 22)).toBe('alpha beta gamma delta');
    expect(lessonSummary('alpha beta gamma delta', 21)).toBe('alpha beta gamma…');
    expect(lessonSummary('word '.repeat(100)).length).toBeLessThanOrEqual(160);
  });
});

describe('hasMath', () => {
  it('spots inline, display and fenced math, and nothing else', () => {
    expect(hasMath('Inline $x$.')).toBe(true);
    expect(hasMath('$$\nx\n$$')).toBe(true);
    expect(hasMath('```math\nx\n```')).toBe(true);
    expect(hasMath('No math, `$x$` is code.\n\n```\n$$y$$\n```')).toBe(false);
  });
});

describe('diagramSources', () => {
  it('lists Mermaid sources trimmed, in order, without repeats', () => {
    const markdown =
      '```mermaid\n  graph TD; A-->B\n```\n\n- item\n\n  ```mermaid\n  pie\n  ```\n\n```mermaid\ngraph TD; A-->B\n```\n\n```js\nx\n```';
    expect(diagramSources(markdown)).toEqual(['graph TD; A-->B', 'pie']);
  });
});

describe('markdownPlainText', () => {
  it('keeps every block’s words on one line, formulas as their source', () => {
    expect(
      markdownPlainText(
        'Speed is $v = \\frac{d}{t}$. **Which** unit?\n\n- m/s\n- kg\n\n$$\nE = mc^2\n$$',
        200,
      ),
    ).toBe('Speed is v = \\frac{d}{t}. Which unit? m/s kg E = mc^2');
  });

  it('cuts a long text at a word with an ellipsis, within the length', () => {
    const text = markdownPlainText(`${'word '.repeat(60)}end`, 200);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.endsWith('word…')).toBe(true);
  });
});

describe('footnoteMarks', () => {
  it('finds markers and definitions as the renderer does, never in code or math', () => {
    const markdown =
      'A.[^1] `[^1]` $[^1]$ B.[^x] \\[^1]\n\n```\n[^1]: no\n```\n\n[^1]: Note\n    more.';
    const marks = footnoteMarks(markdown);
    expect(marks.references).toEqual([{ id: '1', start: 2, end: 6 }]);
    expect(marks.strays).toEqual([{ start: 23, end: 27 }]);
    const at = markdown.lastIndexOf('[^1]:');
    expect(marks.definitions).toEqual([
      { id: '1', start: at, end: markdown.length, content: at + '[^1]:'.length },
    ]);
  });
});
