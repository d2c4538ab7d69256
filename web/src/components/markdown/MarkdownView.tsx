import 'katex/dist/katex.min.css';
import Box from '@mui/material/Box';
import { isValidElement, type ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { cleanContent } from './clean-content';
import { MermaidDiagram } from './MermaidDiagram';
import { remarkDisplayMath } from './remark-display-math';

const REMARK_PLUGINS = [remarkGfm, remarkBreaks, remarkMath, remarkDisplayMath];
const REHYPE_PLUGINS = [rehypeKatex];

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
 * Raw HTML in the markdown is never rendered (react-markdown drops it without rehype-raw).
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
        remarkPlugins={REMARK_PLUGINS}
        rehypePlugins={REHYPE_PLUGINS}
        components={{ code: Code, pre: Pre }}
      >
        {cleanContent(markdown)}
      </ReactMarkdown>
    </Box>
  );
}
