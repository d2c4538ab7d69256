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

/**
 * The one definition of how a lesson becomes HTML (`renderLessonHtml` and the app both use it).
 * `math` is the KaTeX step (`lessonMath` from `@coursecraft/markdown/math`); without it formulas
 * stay code. The sanitiser runs before KaTeX and the diagrams, whose markup is trusted.
 */
export function lessonPlugins(math: Pluggable | null): LessonPlugins {
  return {
    remarkPlugins: [remarkGfm, remarkBreaks, remarkMath, remarkDisplayMath],
    remarkRehypeOptions: { allowDangerousHtml: false },
    rehypePlugins: math
      ? [[rehypeSanitize, lessonSanitizeSchema], math]
      : [[rehypeSanitize, lessonSanitizeSchema]],
  };
}
