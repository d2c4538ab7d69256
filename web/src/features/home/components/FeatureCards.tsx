import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import InsightsIcon from '@mui/icons-material/Insights';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CardGrid } from '../../../components/ui/CardGrid';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

interface Feature {
  title: string;
  description: string;
  icon: ReactNode;
  comingSoon: boolean;
  /** Leads a signed-in author to their courses, a visitor to sign-up. */
  leadsToCourses?: boolean;
}

const FEATURES: Feature[] = [
  {
    title: 'AI-Assisted Authoring',
    description:
      'Generate subjects, chapters, topics and markdown lessons with equations and diagrams from a short description or a voice note.',
    icon: <AutoAwesomeIcon />,
    comingSoon: false,
  },
  {
    title: 'Drag & Drop Builder',
    description:
      'Put subjects, chapters and topics in the order you teach them: drag them with the mouse, by touch or with the keyboard.',
    icon: <DragIndicatorIcon />,
    comingSoon: false,
  },
  {
    title: 'Publish & Track',
    description: 'Share finished courses with your learners and follow how they progress.',
    icon: <InsightsIcon />,
    comingSoon: false,
    leadsToCourses: true,
  },
];

export function FeatureCards() {
  const signedIn = useSession().user !== null;
  return (
    <Container component="section" aria-labelledby="features-heading" maxWidth="lg" sx={{ py: 8 }}>
      <Typography id="features-heading" variant="h2" sx={{ textAlign: 'center', mb: 5 }}>
        Everything you need to build a course
      </Typography>
      <CardGrid>
        {FEATURES.map((feature) => (
          <Card component="li" key={feature.title}>
            <CardContent sx={{ p: 3 }}>
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 1,
                  mb: 2,
                  color: 'primary.main',
                }}
              >
                <Box aria-hidden="true" sx={{ display: 'flex' }}>
                  {feature.icon}
                </Box>
                {feature.comingSoon && (
                  <Chip label="Coming Soon" size="small" color="secondary" variant="outlined" />
                )}
              </Box>
              <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
                {feature.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {feature.description}
              </Typography>
              {feature.leadsToCourses && (
                <Button
                  component={RouterLink}
                  to={signedIn ? paths.courses : paths.auth('signup')}
                  size="small"
                  sx={{ mt: 2, ml: -1 }}
                >
                  {signedIn ? 'Go to your courses' : 'Sign up to publish'}
                </Button>
              )}
            </CardContent>
          </Card>
        ))}
      </CardGrid>
    </Container>
  );
}
