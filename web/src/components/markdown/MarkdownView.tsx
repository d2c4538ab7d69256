import 'katex/dist/katex.min.css';
import Box from '@mui/material/Box';
import { isValidElement, type ComponentProps } from 'react';
import { lessonPlugins } from '@coursecraft/markdown/plugins';
import { lessonMath } from '@coursecraft/markdown/math';
import ReactMarkdown from 'react-markdown';
import { cleanContent } from './clean-content';
import { MermaidDiagram } from './MermaidDiagram';

/**
 * The shared lesson pipeline (GFM, the sanitiser, display math, KaTeX), as the learner pages,
 * SCORM and print use it; this view only draws diagrams live instead of showing stored drawings.
 */
const PLUGINS = lessonPlugins(lessonMath);

type CodeProps = ComponentProps<'code'> & { node?: unknown };

/** Fenced ```mermaid blocks become diagrams; other code stays code. */
function Code({ className, children, node: _node, ...rest }: CodeProps) {
  if (className?.includes('language-mermaid')) {
    const code = String(children).trim();
    return <MermaidDiagram key={code} code={code} />;
  }
  return (
    <code className={className} {...rest}>
      {children}
    </code>
  );
}

type PreProps = ComponentProps<'pre'> & { node?: unknown };

/** A diagram replaces its whole fenced block, so it is not wrapped in `<pre>`. */
function Pre({ children, node: _node, ...rest }: PreProps) {
  if (isValidElement<{ className?: string }>(children)) {
    if (children.props.className?.includes('language-mermaid')) return children;
  }
  return <pre {...rest}>{children}</pre>;
}

/**
 * A lesson: GitHub-flavoured markdown with line breaks, KaTeX math (a formula alone in its
 * paragraph between `$$` is display math, even on one line) and Mermaid diagrams.
 * Raw HTML in the markdown is never rendered (the shared sanitiser drops it).
 */
export function MarkdownView({ markdown }: { markdown: string }) {
  return (
    <Box
      className="markdown-body"
      sx={{
        overflowWrap: 'anywhere',
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75 },
        '& pre': { overflowX: 'auto', p: 2, bgcolor: 'action.hover', borderRadius: 1 },
        '& .katex-display': { overflowX: 'auto', overflowY: 'hidden', py: 1 },
        '& img': { maxWidth: '100%' },
      }}
    >
      <ReactMarkdown
        remarkPlugins={PLUGINS.remarkPlugins}
        remarkRehypeOptions={PLUGINS.remarkRehypeOptions}
        rehypePlugins={PLUGINS.rehypePlugins}
        components={{ code: Code, pre: Pre }}
      >
        {cleanContent(markdown)}
      </ReactMarkdown>
    </Box>
  );
}
