import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SpacedRow } from '../ui/SpacedRow';

/**
 * A page body with the screen's name as document title and h1; `breadcrumbs` go above the
 * title, `actions` beside it (below it on phones).
 */
export function ContentLayout({
  title,
  breadcrumbs,
  actions,
  children,
}: {
  title: string;
  breadcrumbs?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {breadcrumbs && <Box sx={{ mb: 2 }}>{breadcrumbs}</Box>}
      <SpacedRow sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {actions}
      </SpacedRow>
      {children}
    </Container>
  );
}
