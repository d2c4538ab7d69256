import type { Pluggable } from 'unified';
import rehypeKatex from 'rehype-katex';

/**
 * KaTeX as the pipeline's math step. Imported on its own (dynamically by `renderLessonHtml`,
 * only for a lesson with math) because KaTeX is large. MathML goes along with the HTML, so a
 * page holds the formula's meaning; a formula that does not parse shows its source in red.
 */
export const lessonMath: Pluggable = [
  rehypeKatex,
  { output: 'htmlAndMathml', throwOnError: false },
];
