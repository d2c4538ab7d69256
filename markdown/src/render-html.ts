import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Pluggable } from 'unified';
import { cleanContent } from '@coursecraft/contracts';
import { rehypeDiagramFigures, type DiagramDrawing } from './diagrams';
import { hasMath } from './lesson-source';
import { lessonPlugins } from './pipeline';

export interface RenderOptions {
  /** Drawings by diagram key (see `diagramKey`); a diagram without one shows its text alternative. */
  drawings?: ReadonlyMap<string, DiagramDrawing>;
  /** Makes the ids (footnotes') this rendering's own on a page of many: see `lessonPlugins`. */
  idPrefix?: string;
}

/** KaTeX, imported the first time a lesson with math is rendered. */
let mathStep: Promise<Pluggable> | undefined;
function loadMath(): Promise<Pluggable> {
  mathStep ??= import('./math').then((module) => module.lessonMath);
  return mathStep;
}

/** A lesson's markdown as a sanitised HTML fragment: KaTeX math (loaded only when needed), diagrams. */
export async function renderLessonHtml(
  markdown: string,
  options: RenderOptions = {},
): Promise<string> {
  const math = hasMath(markdown) ? await loadMath() : null;
  const plugins = lessonPlugins(math, { idPrefix: options.idPrefix });
  const processor = unified()
    .use(remarkParse)
    .use(plugins.remarkPlugins)
    .use(remarkRehype, plugins.remarkRehypeOptions)
    .use(plugins.rehypePlugins)
    .use(rehypeDiagramFigures, { drawings: options.drawings })
    // Only the diagram step makes raw nodes (the drawings): the lesson's own were dropped above.
    .use(rehypeStringify, { allowDangerousHtml: true });
  return String(await processor.process(cleanContent(markdown)));
}
