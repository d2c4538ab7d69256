import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';

export function ClosingCallToAction() {
  return (
    <Box
      component="section"
      aria-labelledby="closing-cta-heading"
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      <Container maxWidth="md" sx={{ py: 8, textAlign: 'center' }}>
        <Typography id="closing-cta-heading" variant="h2" sx={{ mb: 2 }}>
          Ready to build your first course?
        </Typography>
        <Typography variant="subtitle1" component="p" sx={{ mb: 4, opacity: 0.9 }}>
          Create a free account and have a full course outline in minutes.
        </Typography>
        <Button
          component={RouterLink}
          to={paths.auth('signup')}
          variant="contained"
          color="inherit"
          size="large"
          sx={{ color: 'primary.main', bgcolor: 'background.paper' }}
        >
          Get Started
        </Button>
      </Container>
    </Box>
  );
}
