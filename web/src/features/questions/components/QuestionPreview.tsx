import { QUESTION_MESSAGES } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import type { QuestionForm } from '../question-form';

/** The lesson renderer (react-markdown, KaTeX), loaded with the first preview. */
const MarkdownView = lazy(() =>
  import('../../../components/markdown/MarkdownView').then((m) => ({ default: m.MarkdownView })),
);

function Markdown({ text, idPrefix }: { text: string; idPrefix: string }) {
  return <MarkdownView markdown={text.trim() === '' ? '…' : text} idPrefix={idPrefix} />;
}

/** One choice as learners see it: an unticked box or circle before its text. */
function Choice({
  mark,
  text,
  idPrefix,
}: {
  mark: 'radio' | 'checkbox';
  text: string;
  idPrefix: string;
}) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
      <Box
        aria-hidden
        sx={{
          width: 14,
          height: 14,
          flexShrink: 0,
          border: 2,
          borderColor: 'text.secondary',
          borderRadius: mark === 'radio' ? '50%' : 0.5,
        }}
      />
      <Box sx={{ minWidth: 0, '& p': { my: 0 } }}>
        <Markdown text={text} idPrefix={idPrefix} />
      </Box>
    </Box>
  );
}

const listSx = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 } as const;

/**
 * The question as learners will see it under the lesson: its text, its options (or True and
 * False, the answer field, the steps in their right order) and the explanation they get after
 * answering. The key is not marked.
 */
export function QuestionPreview({ form }: { form: QuestionForm }) {
  const prefix = `preview${useId()}`;
  return (
    <Suspense fallback={<CircularProgress size={20} aria-label="Loading the preview" />}>
      <Markdown text={form.text} idPrefix={`${prefix}-text`} />
      {(form.type === 'single_choice' || form.type === 'multiple_choice') && (
        <Box component="ul" sx={listSx}>
          {form.options.map((option) => (
            <Choice
              key={option.id}
              mark={form.type === 'single_choice' ? 'radio' : 'checkbox'}
              text={option.text}
              idPrefix={`${prefix}-${option.id}`}
            />
          ))}
        </Box>
      )}
      {form.type === 'true_false' && (
        <Box component="ul" sx={listSx}>
          <Choice mark="radio" text="True" idPrefix={`${prefix}-true`} />
          <Choice mark="radio" text="False" idPrefix={`${prefix}-false`} />
        </Box>
      )}
      {form.type === 'short_answer' && (
        <Typography color="text.secondary">{QUESTION_MESSAGES.yourAnswer}: ________</Typography>
      )}
      {form.type === 'ordering' && (
        <Box component="ol" sx={{ pl: 3, m: 0, display: 'grid', gap: 1, '& p': { my: 0 } }}>
          {form.items.map((item) => (
            <li key={item.id}>
              <Markdown text={item.text} idPrefix={`${prefix}-${item.id}`} />
            </li>
          ))}
        </Box>
      )}
      {form.explanation.trim() !== '' && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="p">
            {QUESTION_MESSAGES.explanation}
          </Typography>
          <Markdown text={form.explanation} idPrefix={`${prefix}-explanation`} />
        </Box>
      )}
    </Suspense>
  );
}
