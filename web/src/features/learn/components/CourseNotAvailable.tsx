import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LEARN_TEXT } from '../learn-messages';

/** An unknown or unpublished share link: the same words either way. */
export function CourseNotAvailable() {
  useDocumentTitle(LEARN_TEXT.notAvailable);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {LEARN_TEXT.notAvailable}
      </Typography>
      <Button component={RouterLink} to={paths.home} sx={{ mt: 3 }}>
        Back to Home
      </Button>
    </Container>
  );
}
