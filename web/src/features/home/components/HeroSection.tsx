import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';

const PREVIEW_TOPICS = [
  { name: 'What is a derivative?', done: true },
  { name: 'Limits, informally', done: true },
  { name: 'The power rule', done: false },
];

function OutlinePreview() {
  return (
    <Paper
      aria-hidden="true"
      variant="outlined"
      sx={{ p: 3, borderRadius: 2, display: { xs: 'none', md: 'block' }, maxWidth: 380 }}
    >
      <Typography variant="overline" color="text.secondary">
        Course outline
      </Typography>
      <Typography sx={{ fontWeight: 700, mb: 2 }}>Calculus for Curious Minds</Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        Chapter 1 · Rates of change
      </Typography>
      {PREVIEW_TOPICS.map((topic) => (
        <Box key={topic.name} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
          {topic.done ? (
            <CheckCircleIcon fontSize="small" color="success" />
          ) : (
            <RadioButtonUncheckedIcon fontSize="small" color="disabled" />
          )}
          <Typography variant="body2">{topic.name}</Typography>
        </Box>
      ))}
    </Paper>
  );
}

export function HeroSection() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    >
      <Container
        maxWidth="lg"
        sx={{
          py: { xs: 6, md: 10 },
          display: 'grid',
          gap: 6,
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
        }}
      >
        <Box>
          <Typography
            id="hero-heading"
            variant="h1"
            sx={{ fontSize: { xs: '2.1rem', sm: '2.6rem', md: '3.2rem' }, mb: 2 }}
          >
            Turn what you know into a complete course
          </Typography>
          <Typography
            variant="subtitle1"
            component="p"
            color="text.secondary"
            sx={{ mb: 4, maxWidth: 560 }}
          >
            Describe the course you want to teach, by typing or simply speaking, and Coursecraft
            drafts its subjects, chapters, topics and lessons. Every part stays yours to edit.
          </Typography>
          <Button component={RouterLink} to={paths.createCourse} variant="contained" size="large">
            Start Authoring
          </Button>
        </Box>
        <OutlinePreview />
      </Container>
    </Box>
  );
}
