import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A page body with the screen's name as document title and h1. */
export function ContentLayout({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
