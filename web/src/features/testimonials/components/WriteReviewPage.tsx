import type { Testimonial } from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ContentLayout } from '../../../components/layouts/ContentLayout';
import { PageBreadcrumbs } from '../../../components/ui/PageBreadcrumbs';
import { PageSpinner } from '../../../components/ui/PageSpinner';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { TESTIMONIAL_TEXT } from '../testimonial-messages';
import { useMyTestimonial } from '../testimonials-api';
import { MyTestimonialCard } from './MyTestimonialCard';
import { TestimonialForm } from './TestimonialForm';

/** Which testimonial the open form edits: null writes a new one. */
type OpenForm = { testimonial: Testimonial | null };

/** /write-review: the user's own testimonial, with a form to write, edit or delete it. */
export function WriteReviewPage() {
  const mine = useMyTestimonial();
  const [form, setForm] = useState<OpenForm | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const openForm = (testimonial: Testimonial | null) => {
    setNotice(null);
    setForm({ testimonial });
  };

  let body;
  if (form) {
    body = (
      <TestimonialForm
        testimonial={form.testimonial}
        onClose={() => setForm(null)}
        onDeleted={() => {
          setForm(null);
          setNotice(TESTIMONIAL_TEXT.deleted);
        }}
      />
    );
  } else if (mine.isError) {
    body = <RetryAlert message={TESTIMONIAL_TEXT.loadFailed} onRetry={() => void mine.refetch()} />;
  } else if (mine.data === undefined) {
    body = <PageSpinner label="Loading your testimonial" />;
  } else if (mine.data === null) {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {TESTIMONIAL_TEXT.empty}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {TESTIMONIAL_TEXT.emptyHint}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
          {TESTIMONIAL_TEXT.add}
        </Button>
      </Paper>
    );
  } else {
    const testimonial = mine.data;
    body = <MyTestimonialCard testimonial={testimonial} onEdit={() => openForm(testimonial)} />;
  }

  return (
    <ContentLayout
      title="My Testimonial"
      breadcrumbs={
        <PageBreadcrumbs crumbs={[{ label: 'Home', to: '/home' }, { label: 'My Testimonial' }]} />
      }
    >
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {body}
    </ContentLayout>
  );
}
