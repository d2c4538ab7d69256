import 'katex/dist/katex.min.css';
import Box from '@mui/material/Box';
import { isValidElement, useMemo, type ComponentProps } from 'react';
import { lessonPlugins } from '@coursecraft/markdown/plugins';
import { lessonMath } from '@coursecraft/markdown/math';
import ReactMarkdown from 'react-markdown';
import { cleanContent } from './clean-content';
import { MermaidDiagram } from './MermaidDiagram';

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

/** Room above a footnote or its reference when a link scrolls to it, below the sticky app bar. */
const ANCHOR_MARGIN = 80;

/**
 * A lesson: GitHub-flavoured markdown with line breaks, KaTeX math (a formula alone in its
 * paragraph between `$$` is display math, even on one line), Mermaid diagrams and footnotes as
 * numbered links to a list headed Sources. It takes the shared lesson pipeline (as the learner
 * pages, SCORM and print do) and only draws diagrams live instead of showing stored drawings.
 * Raw HTML in the markdown is never rendered (the shared sanitiser drops it). `idPrefix` (the
 * topic's id, say) keeps the footnotes' ids apart from those of other views on the page.
 */
export function MarkdownView({ markdown, idPrefix }: { markdown: string; idPrefix: string }) {
  const plugins = useMemo(() => lessonPlugins(lessonMath, { idPrefix }), [idPrefix]);
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
        '& sup': { lineHeight: 0 },
        '& [data-footnote-ref]': { px: 0.25, fontWeight: 600 },
        '& [data-footnote-ref], & .footnotes li': { scrollMarginTop: ANCHOR_MARGIN },
        '& .footnotes': {
          mt: 4,
          pt: 2,
          borderTop: 1,
          borderColor: 'divider',
          typography: 'body2',
          '& h2': { typography: 'subtitle1', fontWeight: 600, mt: 0, mb: 1 },
          '& ol': { m: 0, pl: 3 },
          '& li': { mb: 0.5, borderRadius: 1 },
          '& li p': { my: 0 },
          '& li:target': { bgcolor: 'action.selected' },
          '& .data-footnote-backref': { px: 0.5 },
          '@media print': { '& .data-footnote-backref': { display: 'none' } },
        },
      }}
    >
      <ReactMarkdown
        remarkPlugins={plugins.remarkPlugins}
        remarkRehypeOptions={plugins.remarkRehypeOptions}
        rehypePlugins={plugins.rehypePlugins}
        components={{ code: Code, pre: Pre }}
      >
        {cleanContent(markdown)}
      </ReactMarkdown>
    </Box>
  );
}
