import { describe, expect, it } from 'vitest';
import { sanitizeCss, sanitizeSvg } from './svg-allowlist';

const MALICIOUS = [
  '<?xml version="1.0"?>',
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"',
  ' viewBox="0 0 100 50" onload="alert(1)" role="graphics-document document" aria-roledescription="flowchart">',
  '<script>alert(2)</script>',
  '<style>@import url(http://evil.test/a.css); .node{fill:url(http://evil.test/x.png)} .edge{stroke:#333}</style>',
  '<defs><marker id="arrow" markerWidth="10" refX="5"><path d="M0 0L10 5"/></marker></defs>',
  '<g class="node" onclick="alert(3)" marker-end="url(#arrow)" style="fill: url(https://evil.test/y)">',
  '<rect x="1" y="2" width="30" height="20" fill="url(#grad)"/>',
  '<text x="5" y="15"><tspan>A &amp; B</tspan></text>',
  '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">html label</div></foreignObject>',
  '<a href="javascript:alert(4)"><circle cx="5" cy="5" r="2"/></a>',
  '<image href="http://evil.test/img.png" width="10" height="10"/>',
  '<use href="#arrow"/><use xlink:href="http://evil.test/sprite.svg#x"/>',
  '<animate attributeName="href" to="javascript:alert(5)"/>',
  '</g></svg>',
].join('');

describe('sanitizeSvg', () => {
  const clean = sanitizeSvg(MALICIOUS) ?? '';

  it('keeps what draws: shapes, text, markers, local references, the theme styles', () => {
    expect(clean).toMatch(/^<svg /);
    expect(clean).toContain('viewBox="0 0 100 50"');
    expect(clean).toContain('<rect x="1" y="2" width="30" height="20" fill="url(#grad)">');
    expect(clean).toContain('<tspan>A &#x26; B</tspan>');
    expect(clean).toContain('marker-end="url(#arrow)"');
    expect(clean).toContain('<use href="#arrow">');
    expect(clean).toContain('.edge{stroke:#333}');
    expect(clean).toContain('<circle cx="5" cy="5" r="2">');
    expect(clean).toContain('aria-roledescription="flowchart"');
  });

  it('drops scripts, handlers, foreign objects, images, links out and loading styles', () => {
    for (const gone of [
      '<script',
      'alert',
      'onload',
      'onclick',
      'foreignObject',
      'html label',
      'javascript',
      '<image',
      '<a ',
      'evil.test',
      '@import',
      '<animate',
      '<?xml',
    ]) {
      expect(clean, gone).not.toContain(gone);
    }
  });

  it('refuses markup without an svg element', () => {
    expect(sanitizeSvg('<div>not a drawing</div>')).toBeNull();
    expect(sanitizeSvg('')).toBeNull();
  });

  it('keeps no id of the learner pages', () => {
    expect(sanitizeSvg('<svg><g id="learn-complete"></g><g id="d-1"></g></svg>')).toBe(
      '<svg><g></g><g id="d-1"></g></svg>',
    );
  });
});

describe('sanitizeCss', () => {
  it('drops a style that hides what it loads behind escapes or markup', () => {
    expect(sanitizeCss('.a{background:u\\72l(http://evil.test)}')).toBeNull();
    expect(sanitizeCss('.a{}</style><script>alert(1)</script>')).toBeNull();
    expect(sanitizeCss('.a{width:expression(alert(1))}')).toBeNull();
  });

  it('removes imports and outside urls, keeps local ones', () => {
    expect(sanitizeCss('@import "x.css"; .a{fill:url( "#g" )} .b{fill:url(x.png)}')).toBe(
      ' .a{fill:url( "#g" )} .b{fill:none}',
    );
  });
});
