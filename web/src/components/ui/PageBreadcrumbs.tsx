import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
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
