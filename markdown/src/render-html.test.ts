import { describe, expect, it } from 'vitest';
import { diagramKey } from './diagrams';
import { renderLessonHtml } from './render-html';

describe('renderLessonHtml', () => {
  it('renders GitHub tables, task lists and line breaks', async () => {
    const html = await renderLessonHtml(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\nline one\nline two',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<input type="checkbox" checked disabled>');
    expect(html).toContain('line one<br>');
  });

  it('renders footnotes whose links reach their notes', async () => {
    const html = await renderLessonHtml('A claim.[^1]\n\n[^1]: The source.');
    expect(html).toContain('<section data-footnotes class="footnotes">');
    expect(html).toContain('href="#user-content-fn-1"');
    expect(html).toContain('id="user-content-fn-1"');
    expect(html).toContain('The source.');
  });

  it('typesets display and inline math with KaTeX, MathML included', async () => {
    const html = await renderLessonHtml('Inline $x^2$ here.\n\n$$\\frac{a}{b}$$');
    expect(html.match(/<math/g)).toHaveLength(2);
    expect(html.match(/class="katex-display"/g)).toHaveLength(1);
    expect(html).toContain('<mfrac>');
  });

  it('typesets a ```math block as display math', async () => {
    expect(await renderLessonHtml('```math\nx^2\n```')).toContain('class="katex-display"');
  });

  it('applies the content cleaner', async () => {
    expect(await renderLessonHtml('##Heading')).toBe('<h2>Heading</h2>');
  });

  it('renders a diagram without a drawing as its open text alternative', async () => {
    const source = 'graph TD; A-->B';
    const html = await renderLessonHtml(`\`\`\`mermaid\n${source}\n\`\`\``);
    expect(html).toBe(
      `<figure class="diagram diagram-undrawn" data-diagram="${await diagramKey(source)}">` +
        '<p class="diagram-note">This diagram could not be drawn; its source is shown instead.</p>' +
        '<details class="diagram-text" open><summary>Diagram as text</summary>' +
        '<pre><code>graph TD; A-->B</code></pre></details></figure>',
    );
  });

  it('renders a drawn diagram in both colour schemes, with its text, named by accTitle and accDescr', async () => {
    const source = 'graph TD\n  accTitle: Flow\n  accDescr: A leads to B\n  A-->B';
    const key = await diagramKey(source);
    const drawings = new Map([[key, { light: '<svg id="l"></svg>', dark: '<svg id="d"></svg>' }]]);
    const html = await renderLessonHtml(`Before\n\n\`\`\`mermaid\n${source}\n\`\`\``, { drawings });
    expect(html).toContain(
      `<figure class="diagram" data-diagram="${key}">` +
        '<div class="diagram-drawing diagram-light" role="img" aria-label="Flow: A leads to B"><svg id="l"></svg></div>' +
        '<div class="diagram-drawing diagram-dark" role="img" aria-label="Flow: A leads to B"><svg id="d"></svg></div>' +
        '<details class="diagram-text"><summary>Diagram as text</summary><pre><code>graph TD\n',
    );
    expect(html).not.toContain('diagram-undrawn');
  });

  it('keeps other code blocks as code', async () => {
    expect(await renderLessonHtml('```js\nconst a = 1;\n```')).toBe(
      '<pre><code class="language-js">const a = 1;\n</code></pre>',
    );
  });
});

describe('renderLessonHtml sanitising', () => {
  const cases: Array<[string, string, string[]]> = [
    ['a script', 'Hi\n\n<script>alert(1)</script>\n\nthere', ['<script', 'alert(1)']],
    ['an onerror handler', 'Look <img src=x onerror=alert(1)> here', ['onerror', '<img']],
    ['a javascript: link', '[x](javascript:alert(1))', ['javascript:']],
    ['an iframe', '<iframe src="https://example.com"></iframe>', ['<iframe', 'example.com']],
    ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD4=)', ['data:']],
    ['an event handler on inline HTML', 'a <b onclick="x()">bold</b> b', ['onclick', '<b']],
  ];

  it.each(cases)('renders none of %s', async (_name, markdown, forbidden) => {
    const html = await renderLessonHtml(markdown);
    for (const text of forbidden) expect(html).not.toContain(text);
  });

  it('keeps the text around what it drops, and the link without its target', async () => {
    expect(await renderLessonHtml('[x](javascript:alert(1))')).toBe('<p><a>x</a></p>');
    expect(await renderLessonHtml('a <b onclick="x()">bold</b> b')).toBe('<p>a bold b</p>');
  });
});
