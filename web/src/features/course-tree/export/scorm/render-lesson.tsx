import { isValidElement, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { cleanContent } from '../../../../components/markdown/clean-content';
import { drawMermaidSvg } from '../../../../components/markdown/MermaidDiagram';
import { remarkDisplayMath } from '../../../../components/markdown/remark-display-math';

/** The lesson view's plugins (MarkdownView), so a package shows lessons as the app does. */
const REMARK_PLUGINS = [remarkGfm, remarkBreaks, remarkMath, remarkDisplayMath];
const REHYPE_PLUGINS = [rehypeKatex];

/** A diagram's source, and its SVG once drawn (null: it does not parse). */
type Diagrams = Map<string, string | null>;

const isMermaid = (className: string | undefined) => className?.includes('language-mermaid');

/** Static markup of a lesson; diagrams met are added to `diagrams`, drawn ones put inline. */
function lessonMarkup(markdown: string, diagrams: Diagrams): string {
  const Code = ({ className, children, node: _node, ...rest }: CodeProps) => {
    if (!isMermaid(className)) {
      return (
        <code className={className} {...rest}>
          {children}
        </code>
      );
    }
    const code = String(children).trim();
    if (!diagrams.has(code)) diagrams.set(code, null);
    const svg = diagrams.get(code);
    if (svg) {
      return (
        <div
          className="diagram"
          role="img"
          aria-label="Diagram"
          // Mermaid's strict security level sanitises the SVG it returns.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      );
    }
    return (
      <div className="diagram">
        <p className="diagram-note">
          This diagram could not be drawn; its source is shown instead.
        </p>
        <pre>
          <code>{code}</code>
        </pre>
      </div>
    );
  };
  return renderToStaticMarkup(
    <ReactMarkdown
      remarkPlugins={REMARK_PLUGINS}
      rehypePlugins={REHYPE_PLUGINS}
      components={{ code: Code, pre: Pre }}
    >
      {cleanContent(markdown)}
    </ReactMarkdown>,
  );
}

type CodeProps = ComponentProps<'code'> & { node?: unknown };
type PreProps = ComponentProps<'pre'> & { node?: unknown };

/** A diagram replaces its whole fenced block, so it is not wrapped in `<pre>`. */
function Pre({ children, node: _node, ...rest }: PreProps) {
  if (isValidElement<{ className?: string }>(children) && isMermaid(children.props.className)) {
    return children;
  }
  return <pre {...rest}>{children}</pre>;
}

/**
 * A lesson as static HTML: KaTeX math, and Mermaid diagrams drawn to inline SVG (a diagram that
 * does not parse shows its source). `idPrefix` keeps the diagrams' SVG ids unique in the package.
 */
export async function renderLessonHtml(markdown: string, idPrefix: string): Promise<string> {
  const diagrams: Diagrams = new Map();
  const firstPass = lessonMarkup(markdown, diagrams);
  if (diagrams.size === 0) return firstPass;
  let number = 0;
  for (const code of diagrams.keys()) {
    number += 1;
    try {
      diagrams.set(code, await drawMermaidSvg(`${idPrefix}-${number}`, code));
    } catch (error) {
      console.warn('Mermaid could not draw a diagram', error);
    }
  }
  return lessonMarkup(markdown, diagrams);
}
