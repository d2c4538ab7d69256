import rehypeKatex from 'rehype-katex';
import rehypeStringify from 'rehype-stringify';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { remarkDisplayMath } from './remark-display-math';

/** The HTML remark-math + this plugin + rehype-katex make of `markdown`. */
function html(markdown: string): string {
  return String(
    unified()
      .use(remarkParse)
      .use(remarkMath)
      .use(remarkDisplayMath)
      .use(remarkRehype)
      .use(rehypeKatex)
      .use(rehypeStringify)
      .processSync(markdown),
  );
}

const displays = (markup: string) => markup.split('class="katex-display"').length - 1;
const equations = (markup: string) => markup.split('class="katex"').length - 1;

describe('remarkDisplayMath', () => {
  it('renders $$...$$ alone on a line as display math, outside any paragraph', () => {
    const markup = html('Before\n\n$$\\int_0^1 x\\,dx$$\n\nAfter');
    expect(displays(markup)).toBe(1);
    expect(markup).not.toMatch(/<p>[^<]*<span class="katex-display"/);
    expect(markup).toContain('<p>Before</p>');
    expect(markup).toContain('<p>After</p>');
  });

  it('keeps $...$ inline', () => {
    const markup = html('$x^2$');
    expect(displays(markup)).toBe(0);
    expect(equations(markup)).toBe(1);
    expect(markup).toMatch(/^<p><span class="katex">/);
  });

  it('keeps $$...$$ inside a sentence inline', () => {
    const markup = html('The area is $$\\pi r^2$$ here.');
    expect(displays(markup)).toBe(0);
    expect(equations(markup)).toBe(1);
  });

  it('keeps a paragraph of two formulas inline', () => {
    expect(displays(html('$$a$$ $$b$$'))).toBe(0);
  });

  it('keeps multi-line $$ blocks as display math', () => {
    expect(displays(html('$$\n\\frac{a}{b}\n$$'))).toBe(1);
  });

  it('turns a one-line formula inside a list item into display math', () => {
    expect(displays(html('- $$E = mc^2$$'))).toBe(1);
  });

  it('does not touch code', () => {
    const markup = html('```\n$$x$$\n```\n\n`$$y$$`');
    expect(displays(markup)).toBe(0);
    expect(equations(markup)).toBe(0);
    expect(markup).toContain('$$x$$');
    expect(markup).toContain('<code>$$y$$</code>');
  });
});
