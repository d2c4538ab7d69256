import AutoStoriesIcon from '@mui/icons-material/AutoStories';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { env } from '../../config/env';
import { paths } from '../../config/paths';

interface FooterLink {
  label: string;
  to: string;
}

const SECTIONS: Array<{ heading: string; links: FooterLink[] }> = [
  {
    heading: 'Explore',
    links: [
      { label: 'Courses', to: paths.courses },
      { label: 'How It Works', to: paths.comingSoon },
      { label: 'Blog', to: paths.comingSoon },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { label: 'AI Course Generator', to: paths.createCourse },
      { label: 'Help Center', to: paths.comingSoon },
    ],
  },
];

const LEGAL_LINKS: FooterLink[] = [
  { label: 'Terms of Service', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacyPolicy },
  { label: 'Cookie Policy', to: paths.comingSoon },
];

const linkSx = {
  color: 'common.white',
  overflowWrap: 'anywhere',
} as const;

const headingSx = {
  color: 'common.white',
  fontWeight: 700,
  fontSize: '1rem',
  mb: 1.5,
} as const;

/** The site footer: marketing copy, link sections, contact address, legal links and copyright. */
export function Footer({ contactEmail = env.contactEmail }: { contactEmail?: string }) {
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.300', mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 7 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1.25fr' },
          }}
        >
          <Box>
            <Typography
              component="p"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 1,
                color: 'common.white',
                fontWeight: 800,
                fontSize: '1.25rem',
                mb: 1.5,
              }}
            >
              <AutoStoriesIcon aria-hidden="true" />
              Coursecraft
            </Typography>
            <Typography variant="body2" sx={{ maxWidth: 360 }}>
              Coursecraft helps educators, trainers and creators turn an idea into a complete
              course, with AI drafting every subject, chapter, topic and lesson for you to refine.
            </Typography>
          </Box>

          {SECTIONS.map((section) => (
            <Box key={section.heading}>
              <Typography component="h2" sx={headingSx}>
                {section.heading}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                {section.links.map((link) => (
                  <li key={link.label}>
                    <Link component={RouterLink} to={link.to} variant="body2" sx={linkSx}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </Box>
            </Box>
          ))}

          <Box>
            <Typography component="h2" sx={headingSx}>
              Contact
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Questions, feedback or ideas? Write to us.
            </Typography>
            <Link href={`mailto:${contactEmail}`} variant="body2" sx={linkSx}>
              {contactEmail}
            </Link>
          </Box>
        </Box>

        {/* A plain rule: MUI's Divider would add its code to every page's first load. */}
        <Box
          component="hr"
          sx={{ border: 0, borderTop: 1, borderColor: 'grey.800', mx: 0, my: 4 }}
        />

        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            justifyContent: 'space-between',
            alignItems: { xs: 'flex-start', sm: 'center' },
            gap: 2,
          }}
        >
          <Typography variant="body2">© 2025 Coursecraft. All rights reserved.</Typography>
          <Box
            component="ul"
            aria-label="Legal"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}
          >
            {LEGAL_LINKS.map((link) => (
              <li key={link.label}>
                <Link component={RouterLink} to={link.to} variant="body2" sx={linkSx}>
                  {link.label}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
