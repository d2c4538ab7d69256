import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  /** Omitted for the current page, which is not a link. */
  to?: string;
}

/** "Home / Courses / ..." with the last entry marked as the current page. */
export function PageBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ '& ol': { flexWrap: 'wrap' } }}>
      {crumbs.map((crumb, index) =>
        crumb.to ? (
          <Link
            key={`${index}-${crumb.label}`}
            component={RouterLink}
            to={crumb.to}
            underline="hover"
          >
            {crumb.label}
          </Link>
        ) : (
          <Typography key={`${index}-${crumb.label}`} color="text.primary" aria-current="page">
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}

/** A "Back to …" button above the page's breadcrumbs. */
export function BackAndBreadcrumbs({
  back,
  crumbs,
}: {
  back: { label: string; to: string };
  crumbs: Crumb[];
}) {
  return (
    <Stack spacing={1}>
      <Box>
        <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} size="small">
          {back.label}
        </Button>
      </Box>
      <PageBreadcrumbs crumbs={crumbs} />
    </Stack>
  );
}
