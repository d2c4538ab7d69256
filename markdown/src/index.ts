/**
 * The one lesson renderer (scaffold: the signatures are the contract; implementations land with
 * the renderer work of issue 28 and replace every `throw` below).
 */

/** A diagram drawn by a browser: sanitised SVG markup for each colour scheme. */
export interface DiagramDrawing {
  light: string;
  dark: string;
}

export interface RenderOptions {
  /** Drawings by diagram key (see `diagramKey`); a diagram without one shows its text alternative. */
  drawings?: ReadonlyMap<string, DiagramDrawing>;
}

/** A lesson's markdown as a sanitised HTML fragment: KaTeX math (loaded only when needed), diagrams. */
export function renderLessonHtml(markdown: string, options?: RenderOptions): Promise<string> {
  void markdown;
  void options;
  throw new Error('renderLessonHtml: not implemented yet');
}

/** The sources of the lesson's Mermaid diagrams, trimmed, in order of first appearance, no repeats. */
export function diagramSources(markdown: string): string[] {
  void markdown;
  throw new Error('diagramSources: not implemented yet');
}

/** The key a drawing is stored under: hex SHA-256 of the trimmed source (Web Crypto, browser and Node). */
export function diagramKey(source: string): Promise<string> {
  void source;
  throw new Error('diagramKey: not implemented yet');
}

/** The lesson's first paragraph as plain text, at most `maxLength` characters (for descriptions). */
export function lessonSummary(markdown: string, maxLength?: number): string {
  void markdown;
  void maxLength;
  throw new Error('lessonSummary: not implemented yet');
}

/** Whether the lesson holds math (so a page needs KaTeX's stylesheet and fonts). */
export function hasMath(markdown: string): boolean {
  void markdown;
  throw new Error('hasMath: not implemented yet');
}
