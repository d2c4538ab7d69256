import { FOOTNOTES_LABEL } from '@coursecraft/contracts';
import type { Element, Root } from 'hast';
import rehypeSanitize from 'rehype-sanitize';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import type { Options as RemarkRehypeOptions } from 'remark-rehype';
import type { Pluggable, PluggableList } from 'unified';
import { remarkDisplayMath } from './remark-display-math';
import { lessonSanitizeSchema } from './sanitize-schema';

/** The lesson pipeline as plugin lists, for a renderer that makes its own output (the app's React view). */
export interface LessonPlugins {
  /** After remark-parse: GitHub-flavoured markdown (footnotes too), line breaks, math. */
  remarkPlugins: PluggableList;
  remarkRehypeOptions: RemarkRehypeOptions;
  /** The sanitiser, then KaTeX when given. Mermaid blocks stay `<pre><code class="language-mermaid">`. */
  rehypePlugins: PluggableList;
}

export interface LessonPluginOptions {
  /**
   * What makes this rendering's ids its own when several share a page (the print edition, a
   * lesson and its questions): the topic's id, say. Characters other than letters, digits, `-`
   * and `_` become `-`.
   */
  idPrefix?: string;
}

/** Every id a lesson makes starts with this (and no other id of a page does). */
export const LESSON_ID_PREFIX = 'user-content-';

/** The prefix of a rendering's ids: `user-content-` then the caller's prefix, made safe. */
export function footnoteIdPrefix(idPrefix = ''): string {
  const safe = idPrefix.replace(/[^A-Za-z0-9_-]/g, '-');
  return safe ? `${LESSON_ID_PREFIX}${safe}-` : LESSON_ID_PREFIX;
}

/** What a footnote's back link says to a screen reader: "Back to reference 1" (then "-2", …). */
export const footnoteBackLabel = (referenceIndex: number, rereferenceIndex: number): string =>
  `Back to reference ${referenceIndex + 1}${rereferenceIndex > 1 ? `-${rereferenceIndex}` : ''}`;

/** remark-rehype gives the list's heading the fixed id `footnote-label`; this makes it the lesson's own. */
function rehypeFootnoteLabelId(prefix: string) {
  const label = 'footnote-label';
  const own = `${prefix}${label}`;
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const { properties } = child;
      if (properties.id === label) properties.id = own;
      if (Array.isArray(properties.ariaDescribedBy)) {
        properties.ariaDescribedBy = properties.ariaDescribedBy.map((id) =>
          id === label ? own : id,
        );
      }
      visit(child);
    }
  };
  return (tree: Root) => visit(tree);
}

/**
 * The one definition of how a lesson becomes HTML (`renderLessonHtml` and the app both use it).
 * `math` is the KaTeX step (`lessonMath` from `@coursecraft/markdown/math`); without it formulas
 * stay code. The sanitiser runs before KaTeX and the diagrams, whose markup is trusted.
 * Footnotes end the lesson as a list headed "Sources", their ids prefixed by `idPrefix`.
 */
export function lessonPlugins(
  math: Pluggable | null,
  { idPrefix }: LessonPluginOptions = {},
): LessonPlugins {
  const prefix = footnoteIdPrefix(idPrefix);
  const sanitize: Pluggable = [rehypeSanitize, lessonSanitizeSchema];
  const footnoteLabel: Pluggable = [rehypeFootnoteLabelId, prefix];
  return {
    remarkPlugins: [remarkGfm, remarkBreaks, remarkMath, remarkDisplayMath],
    remarkRehypeOptions: {
      allowDangerousHtml: false,
      clobberPrefix: prefix,
      footnoteLabel: FOOTNOTES_LABEL,
      footnoteLabelTagName: 'h2',
      // A visible heading, not GitHub's screen-reader-only one.
      footnoteLabelProperties: {},
      footnoteBackLabel,
    },
    rehypePlugins: math ? [footnoteLabel, sanitize, math] : [footnoteLabel, sanitize],
  };
}
