import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

const STEPS = [
  {
    title: 'Describe your course',
    text: 'Type a few sentences or record yourself explaining what your learners should achieve.',
  },
  {
    title: 'Generate the structure',
    text: 'AI proposes the subjects, then the chapters and topics of each, and writes the lessons.',
  },
  {
    title: 'Refine and teach',
    text: 'Edit, add or remove anything by hand until the course reads the way you teach.',
  },
];

export function HowItWorks() {
  return (
    <Box
      component="section"
      aria-labelledby="how-to-heading"
      sx={{ bgcolor: 'background.paper', borderBlock: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg" sx={{ py: 8 }}>
        <Typography id="how-to-heading" variant="h2" sx={{ textAlign: 'center', mb: 5 }}>
          Three steps to your course
        </Typography>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          }}
        >
          {STEPS.map((step, index) => (
            <Box component="li" key={step.title} sx={{ display: 'flex', gap: 2 }}>
              <Box
                aria-hidden="true"
                sx={{
                  flexShrink: 0,
                  width: 40,
                  height: 40,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontWeight: 700,
                }}
              >
                {index + 1}
              </Box>
              <Box>
                <Typography component="h3" variant="h6" sx={{ mb: 0.5 }}>
                  {step.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {step.text}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
