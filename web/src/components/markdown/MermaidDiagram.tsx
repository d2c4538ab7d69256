import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { Mermaid } from 'mermaid';
import { useEffect, useId, useState } from 'react';

type Diagram = { state: 'loading' } | { state: 'drawn'; svg: string } | { state: 'failed' };

let mermaidReady: Promise<Mermaid> | undefined;

/** Drawn diagrams by source, so a lesson drawn again (equation refresh) does not flicker. */
const drawnDiagrams = new Map<string, string>();
const MAX_REMEMBERED_DIAGRAMS = 50;

function remember(code: string, svg: string) {
  if (drawnDiagrams.size >= MAX_REMEMBERED_DIAGRAMS) {
    const oldest = drawnDiagrams.keys().next().value;
    if (oldest !== undefined) drawnDiagrams.delete(oldest);
  }
  drawnDiagrams.set(code, svg);
}

const VIEW_SETTINGS = { startOnLoad: false, securityLevel: 'strict', theme: 'default' } as const;

/** Mermaid is large: it is fetched the first time a page shows a diagram, then reused. */
function loadMermaid() {
  mermaidReady ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize(VIEW_SETTINGS);
    return mermaid;
  });
  return mermaidReady;
}

/** The colour schemes a published diagram is drawn in, and mermaid's theme for each. */
export const DIAGRAM_SCHEMES = { light: 'default', dark: 'dark' } as const;
export type DiagramScheme = keyof typeof DIAGRAM_SCHEMES;

/**
 * One diagram drawn for the published pages: in `scheme`'s theme, with labels as SVG text
 * (`htmlLabels: false`, so no foreignObject the server would drop). Mermaid's settings are
 * global, so the lesson view's are put back afterwards. Rejects when the source does not parse.
 */
export async function drawPublishedDiagram(
  id: string,
  code: string,
  scheme: DiagramScheme,
): Promise<string> {
  const mermaid = await loadMermaid();
  mermaid.initialize({
    ...VIEW_SETTINGS,
    theme: DIAGRAM_SCHEMES[scheme],
    htmlLabels: false,
    flowchart: { htmlLabels: false },
  });
  try {
    return (await mermaid.render(id, code)).svg;
  } finally {
    mermaid.initialize(VIEW_SETTINGS);
  }
}

/**
 * One diagram as an SVG string, with the lesson view's settings (exports draw lessons outside
 * React); rejects when the source does not parse. `id` must be unique in the document.
 */
export async function drawMermaidSvg(id: string, code: string): Promise<string> {
  const mermaid = await loadMermaid();
  return (await mermaid.render(id, code)).svg;
}

/**
 * A Mermaid diagram drawn as SVG; a diagram that does not parse shows its source instead. Give it
 * `key={code}` so a changed diagram starts over.
 */
export function MermaidDiagram({ code }: { code: string }) {
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const [diagram, setDiagram] = useState<Diagram>(() => {
    const svg = drawnDiagrams.get(code);
    return svg === undefined ? { state: 'loading' } : { state: 'drawn', svg };
  });

  useEffect(() => {
    if (drawnDiagrams.has(code)) return;
    let current = true;
    loadMermaid()
      .then((mermaid) => mermaid.render(id, code))
      .then(
        ({ svg }) => {
          remember(code, svg);
          if (current) setDiagram({ state: 'drawn', svg });
        },
        (error: unknown) => {
          console.warn('Mermaid could not draw a diagram', error);
          if (current) setDiagram({ state: 'failed' });
        },
      );
    return () => {
      current = false;
    };
  }, [id, code]);

  if (diagram.state === 'loading') {
    return <CircularProgress size={24} aria-label="Drawing diagram" sx={{ my: 2 }} />;
  }
  if (diagram.state === 'failed') {
    return (
      <Box sx={{ my: 2 }}>
        <Alert severity="warning" sx={{ mb: 1 }}>
          This diagram could not be drawn; its source is shown instead.
        </Alert>
        <Box component="pre" sx={{ overflowX: 'auto', p: 2, bgcolor: 'action.hover' }}>
          <code>{code}</code>
        </Box>
      </Box>
    );
  }
  return (
    <Box
      role="img"
      aria-label="Diagram"
      sx={{ my: 2, overflowX: 'auto', '& svg': { maxWidth: '100%', height: 'auto' } }}
      // Mermaid's strict security level sanitises the SVG it returns.
      dangerouslySetInnerHTML={{ __html: diagram.svg }}
    />
  );
}
