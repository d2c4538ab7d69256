import {
  diagramKey,
  diagramSources,
  renderLessonHtml,
  type DiagramDrawing,
} from '@coursecraft/markdown';
import { drawMermaidSvg } from '../../../../components/markdown/MermaidDiagram';

/**
 * A lesson as static HTML through the shared renderer, its Mermaid diagrams drawn here by the
 * browser (light only: the player has no dark scheme, so the dark variant stays empty and hidden).
 * A diagram that does not parse shows its source. `idPrefix` keeps the SVG ids unique in the
 * package, `footnotePrefix` (the topic's id) the footnotes' ids apart from the checks' below.
 */
export async function renderScormLesson(
  markdown: string,
  idPrefix: string,
  footnotePrefix: string,
): Promise<string> {
  const drawings = new Map<string, DiagramDrawing>();
  for (const [index, source] of diagramSources(markdown).entries()) {
    try {
      const light = await drawMermaidSvg(`${idPrefix}-${index + 1}`, source);
      drawings.set(await diagramKey(source), { light, dark: '' });
    } catch (error) {
      console.warn('Mermaid could not draw a diagram', error);
    }
  }
  return renderLessonHtml(markdown, { drawings, idPrefix: footnotePrefix });
}
