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

describe('renderLessonHtml footnotes', () => {
  const CITED = [
    'Isolate the circuit first.[^1] Test it too.[^2] Again.[^1]',
    '',
    '[^1]: Safety Handbook.pdf, page 12: "Always isolate the circuit before opening the panel."',
    '[^2]: Notes.docx, section “Wiring”: "Use a 30 mA RCD."',
  ].join('\n');

  const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
  const targets = (html: string) =>
    [...html.matchAll(/\shref="#([^"]+)"/g)].map((match) => match[1]);
  const describedBy = (html: string) =>
    [...html.matchAll(/\saria-describedby="([^"]+)"/g)].flatMap((match) =>
      (match[1] ?? '').split(' '),
    );

  it('ends the lesson with a list headed Sources, each entry with a back link', async () => {
    const html = await renderLessonHtml(CITED, { idPrefix: 'topicA' });
    expect(html).toContain('<h2 id="user-content-topicA-footnote-label">Sources</h2>');
    expect(html).not.toContain('sr-only');
    expect(html).toMatch(
      /<sup><a href="#user-content-topicA-fn-1" id="user-content-topicA-fnref-1" data-footnote-ref aria-describedby="user-content-topicA-footnote-label">1<\/a><\/sup>/,
    );
    expect(html).toContain(
      '<a href="#user-content-topicA-fnref-1" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">',
    );
    expect(html).toContain('aria-label="Back to reference 1-2"');
    expect(html).toContain('aria-label="Back to reference 2"');
    expect(html.indexOf('Sources')).toBeGreaterThan(html.indexOf('Again.'));
  });

  it('gives two lessons disjoint ids, each link reaching an id of its own lesson', async () => {
    const first = await renderLessonHtml(CITED, { idPrefix: 'topicA' });
    const second = await renderLessonHtml(CITED, { idPrefix: 'topic/B' });
    for (const html of [first, second]) {
      const own = new Set(ids(html));
      expect(own.size, 'no id twice in a lesson').toBe(ids(html).length);
      expect(targets(html).length).toBeGreaterThan(0);
      for (const target of [...targets(html), ...describedBy(html)]) {
        expect(own, `#${target} is in the same lesson`).toContain(target);
      }
    }
    const shared = ids(first).filter((id) => ids(second).includes(id));
    expect(shared).toEqual([]);
    expect(ids(second)).toContain('user-content-topic-B-fn-1');
  });

  it('has no Sources list without footnotes', async () => {
    const html = await renderLessonHtml('No citation here, [^1] neither.', { idPrefix: 'topicA' });
    expect(html).not.toContain('Sources');
    expect(html).not.toContain('data-footnotes');
    expect(ids(html)).toEqual([]);
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
