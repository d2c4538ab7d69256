import type { Element, ElementContent, Root, RootContent } from 'hast';

/** A diagram drawn by a browser: sanitised SVG markup for each colour scheme. */
export interface DiagramDrawing {
  light: string;
  dark: string;
}

/** The parts of Web Crypto and TextEncoder used here (both are globals in browsers and Node 22). */
interface WebGlobals {
  crypto: { subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> } };
  TextEncoder: new () => { encode(text: string): Uint8Array };
}

const web = globalThis as unknown as WebGlobals;

/** The key a drawing is stored under: hex SHA-256 of the trimmed source (Web Crypto, browser and Node). */
export async function diagramKey(source: string): Promise<string> {
  const bytes = new web.TextEncoder().encode(source.trim());
  const digest = new Uint8Array(await web.crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The diagram's accessible name: its `accTitle` and `accDescr` when written, else "Diagram". */
export function diagramAlt(source: string): string {
  const title = /^[ \t]*accTitle[ \t]*:(.*)$/m.exec(source)?.[1]?.trim();
  const description = (
    /^[ \t]*accDescr[ \t]*:(.*)$/m.exec(source)?.[1] ??
    /^[ \t]*accDescr[ \t]*\{([\s\S]*?)\}/m.exec(source)?.[1]
  )
    ?.replace(/\s+/g, ' ')
    .trim();
  return [title, description].filter(Boolean).join(': ') || 'Diagram';
}

export const UNDRAWN_NOTE = 'This diagram could not be drawn; its source is shown instead.';

const text = (value: string) => ({ type: 'text' as const, value });

function element(
  tagName: string,
  properties: Element['properties'],
  children: ElementContent[],
): Element {
  return { type: 'element', tagName, properties, children };
}

/** The source as text, for every diagram (a reader without the picture, a screen reader). */
function textAlternative(source: string, open: boolean): Element {
  return element('details', { className: ['diagram-text'], open }, [
    element('summary', {}, [text('Diagram as text')]),
    element('pre', {}, [element('code', {}, [text(source)])]),
  ]);
}

function drawingVariant(scheme: 'light' | 'dark', svg: string, alt: string): Element {
  return element(
    'div',
    { className: ['diagram-drawing', `diagram-${scheme}`], role: 'img', ariaLabel: alt },
    // Inserted as given: a drawing is sanitised where it is made (the server at upload, mermaid's
    // strict mode in the browser), and the lesson's own markup was sanitised before this step.
    [{ type: 'raw', value: svg }],
  );
}

/** The `<figure>` a Mermaid block becomes: both drawings and the text, or only the text. */
export function diagramFigure(
  source: string,
  key: string,
  drawing: DiagramDrawing | undefined,
): Element {
  if (!drawing) {
    return element('figure', { className: ['diagram', 'diagram-undrawn'], dataDiagram: key }, [
      element('p', { className: ['diagram-note'] }, [text(UNDRAWN_NOTE)]),
      textAlternative(source, true),
    ]);
  }
  const alt = diagramAlt(source);
  return element('figure', { className: ['diagram'], dataDiagram: key }, [
    drawingVariant('light', drawing.light, alt),
    drawingVariant('dark', drawing.dark, alt),
    textAlternative(source, false),
  ]);
}

/** The source of a `<pre><code class="language-mermaid">` block, else null. */
function mermaidSource(node: RootContent): string | null {
  if (node.type !== 'element' || node.tagName !== 'pre') return null;
  const [code] = node.children;
  if (code?.type !== 'element' || code.tagName !== 'code') return null;
  const classes = code.properties.className;
  if (!Array.isArray(classes) || !classes.includes('language-mermaid')) return null;
  return code.children
    .map((child) => (child.type === 'text' ? child.value : ''))
    .join('')
    .trim();
}

type Parent = Root | Element;

function collectMermaid(
  parent: Parent,
  found: Array<{ parent: Parent; index: number; source: string }>,
) {
  parent.children.forEach((child, index) => {
    const source = mermaidSource(child);
    if (source !== null) found.push({ parent, index, source });
    else if (child.type === 'element') collectMermaid(child, found);
  });
}

/** Rehype step: every Mermaid block becomes its diagram figure, drawn when `drawings` has it. */
export function rehypeDiagramFigures(options: { drawings?: ReadonlyMap<string, DiagramDrawing> }) {
  return async (tree: Root) => {
    const found: Array<{ parent: Parent; index: number; source: string }> = [];
    collectMermaid(tree, found);
    for (const { parent, index, source } of found) {
      const key = await diagramKey(source);
      parent.children[index] = diagramFigure(source, key, options.drawings?.get(key));
    }
  };
}
