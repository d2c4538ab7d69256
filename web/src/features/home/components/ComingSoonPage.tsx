import ConstructionIcon from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function ComingSoonPage() {
  useDocumentTitle('Coming Soon');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <ConstructionIcon aria-hidden="true" color="primary" sx={{ fontSize: 56, mb: 2 }} />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Coming Soon
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        This feature is coming soon. We are working on it and it will be available shortly.
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained">
        Back to Home
      </Button>
    </Container>
  );
}
