import { sanitize } from 'hast-util-sanitize';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { lessonSanitizeSchema } from './sanitize-schema';

const clean = (html: string) =>
  toHtml(sanitize(fromHtml(html, { fragment: true }), lessonSanitizeSchema));

describe('lessonSanitizeSchema', () => {
  it('drops an id or a name that could clobber a global or an id of the page', () => {
    expect(clean('<p id="config">a</p><a name="location">b</a><h2 id="print-title">c</h2>')).toBe(
      '<p>a</p><a>b</a><h2>c</h2>',
    );
  });

  it('keeps the footnotes’ prefixed ids, data attributes, back label and visible heading', () => {
    const footnotes =
      '<sup><a href="#user-content-t-fn-1" id="user-content-t-fnref-1" data-footnote-ref="" aria-describedby="user-content-t-footnote-label">1</a></sup>' +
      '<section data-footnotes="" class="footnotes"><h2 id="user-content-t-footnote-label">Sources</h2>' +
      '<ol><li id="user-content-t-fn-1"><p>Quote <a href="#user-content-t-fnref-1" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">↩</a></p></li></ol></section>';
    expect(clean(footnotes)).toBe(footnotes);
  });
});
