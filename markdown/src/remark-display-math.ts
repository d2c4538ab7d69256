/** The parts of an mdast node (https://github.com/syntax-tree/mdast) this plugin reads. */
interface MdastNode {
  type: string;
  value?: string;
  children?: MdastNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
  data?: unknown;
}

/** The only child of a paragraph that is written `$$...$$` on one line, else null. */
function loneDisplayMath(paragraph: MdastNode, source: string): MdastNode | null {
  const content = (paragraph.children ?? []).filter(
    (child) => !(child.type === 'text' && !child.value?.trim()),
  );
  const [math] = content;
  if (content.length !== 1 || math?.type !== 'inlineMath') return null;
  const start = math.position?.start.offset;
  const end = math.position?.end.offset;
  if (start === undefined || end === undefined) return null;
  const written = source.slice(start, end);
  return written.startsWith('$$') && written.endsWith('$$') ? math : null;
}

/** A display math node, shaped as remark-math shapes `$$` blocks so rehype-katex centres it. */
function displayMath(value: string, position: MdastNode['position']): MdastNode {
  return {
    type: 'math',
    value,
    position,
    data: {
      hName: 'pre',
      hChildren: [
        {
          type: 'element',
          tagName: 'code',
          properties: { className: ['language-math', 'math-display'] },
          children: [{ type: 'text', value }],
        },
      ],
    },
  };
}

function replaceIn(parent: MdastNode, source: string) {
  if (!parent.children) return;
  parent.children = parent.children.map((child) => {
    if (child.type === 'paragraph') {
      const math = loneDisplayMath(child, source);
      if (math) return displayMath(math.value ?? '', child.position);
    }
    replaceIn(child, source);
    return child;
  });
}

/**
 * Display math written on one line, as GitHub renders it: a paragraph holding nothing but
 * `$$...$$` becomes a display (block) equation. remark-math reads `$$x$$` on one line as inline
 * math, so without this such a formula would sit small in the text. `$...$` stays inline, and so
 * does `$$...$$` within a sentence; code is never touched (it holds no math nodes). Runs after
 * remark-math.
 */
export function remarkDisplayMath() {
  return (tree: MdastNode, file: { toString(): string }) => replaceIn(tree, file.toString());
}
