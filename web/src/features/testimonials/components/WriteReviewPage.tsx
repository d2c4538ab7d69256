import type { Testimonial } from '@coursecraft/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ContentLayout } from '../../../components/layouts/ContentLayout';
import { PageBreadcrumbs } from '../../../components/ui/PageBreadcrumbs';
import { PageSpinner } from '../../../components/ui/PageSpinner';
import { QueryState } from '../../../components/ui/QueryState';
import { EmptyState } from '../../../components/ui/EmptyState';
import { paths } from '../../../config/paths';
import { useMyTestimonial } from '../api/get-my-testimonial';
import { TESTIMONIAL_TEXT } from '../testimonial-messages';
import { MyTestimonialCard } from './MyTestimonialCard';
import { TestimonialForm } from './TestimonialForm';

/** Which testimonial the open form edits: null writes a new one. */
type OpenForm = { testimonial: Testimonial | null };

/** What a user without a testimonial sees: an invitation to write one. */
function NoTestimonial({ onAdd }: { onAdd: () => void }) {
  return (
    <EmptyState
      title={TESTIMONIAL_TEXT.empty}
      hint={TESTIMONIAL_TEXT.emptyHint}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          {TESTIMONIAL_TEXT.add}
        </Button>
      }
    />
  );
}

/** /write-review: the user's own testimonial, with a form to write, edit or delete it. */
export function WriteReviewPage() {
  const mine = useMyTestimonial();
  const [form, setForm] = useState<OpenForm | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const openForm = (testimonial: Testimonial | null) => {
    setNotice(null);
    setForm({ testimonial });
  };

  const body = form ? (
    <TestimonialForm
      testimonial={form.testimonial}
      onClose={() => setForm(null)}
      onDeleted={() => {
        setForm(null);
        setNotice(TESTIMONIAL_TEXT.deleted);
      }}
    />
  ) : (
    <QueryState
      query={mine}
      failureMessage={TESTIMONIAL_TEXT.loadFailed}
      loadingLabel="Loading your testimonial"
      loading={<PageSpinner label="Loading your testimonial" />}
      isEmpty={(testimonial) => testimonial === null}
      empty={<NoTestimonial onAdd={() => openForm(null)} />}
    >
      {(testimonial) =>
        testimonial && (
          <MyTestimonialCard testimonial={testimonial} onEdit={() => openForm(testimonial)} />
        )
      }
    </QueryState>
  );

  return (
    <ContentLayout
      title="My Testimonial"
      breadcrumbs={
        <PageBreadcrumbs
          crumbs={[{ label: 'Home', to: paths.home }, { label: 'My Testimonial' }]}
        />
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
