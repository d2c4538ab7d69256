import type { CourseExportTree } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { PRINT_TEXT } from '../print-messages';
import { sectionAnchor, sectionNumber } from '../print-sections';
import { AnswerKey, ANSWER_KEY_ANCHOR, TopicQuestions } from './PrintQuestions';
import { TableOfContents } from './TableOfContents';

/** The renderer (react-markdown, KaTeX) loads apart, as on every page that shows lessons. */
const MarkdownView = lazy(() =>
  import('../../../components/markdown/MarkdownView').then((m) => ({ default: m.MarkdownView })),
);

type Subject = CourseExportTree['subjects'][number];
type Chapter = Subject['chapters'][number];
type Topic = Chapter['topics'][number];

/** Starts the element on a new sheet when printed. */
const newPage = { '@media print': { breakBefore: 'page' } } as const;

/** A heading is never left alone at the foot of a printed page. */
const keepWithNext = { '@media print': { breakAfter: 'avoid' } } as const;

/** A cover image; one that fails to load is left out rather than printed broken. */
function Cover({ url, maxHeight }: { url: string | null; maxHeight: number }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url === null || url === failedUrl) return null;
  return (
    <Box
      component="img"
      src={url}
      alt=""
      onError={() => setFailedUrl(url)}
      sx={{ display: 'block', maxWidth: '100%', maxHeight, objectFit: 'contain', mb: 3 }}
    />
  );
}

/** A section heading: its number and name, the target of its contents entry. */
function SectionHeading({
  id,
  number,
  name,
  component,
  variant,
}: {
  id: string;
  number: string;
  name: string;
  component: 'h2' | 'h3' | 'h4';
  variant: 'h2' | 'h3' | 'h4';
}) {
  return (
    <Typography
      id={id}
      component={component}
      variant={variant}
      sx={{ overflowWrap: 'anywhere', mb: 2, ...keepWithNext }}
    >
      <Box component="span" sx={{ mr: 0.75 }}>
        {number}
      </Box>{' '}
      {name}
    </Typography>
  );
}

function TopicSection({ topic, number }: { topic: Topic; number: string }) {
  const anchor = sectionAnchor('topic', topic.id);
  return (
    <Box component="section" aria-labelledby={anchor} sx={{ mt: 5 }}>
      <SectionHeading id={anchor} number={number} name={topic.name} component="h4" variant="h3" />
      {topic.content ? (
        <Suspense fallback={<CircularProgress aria-label={PRINT_TEXT.loadingLesson} />}>
          <MarkdownView markdown={topic.content} idPrefix={topic.id} />
        </Suspense>
      ) : (
        <Typography sx={{ fontStyle: 'italic' }}>{PRINT_TEXT.noLesson}</Typography>
      )}
      <TopicQuestions topicId={topic.id} questions={topic.questions} />
    </Box>
  );
}

function ChapterSection({ chapter, indexes }: { chapter: Chapter; indexes: [number, number] }) {
  const anchor = sectionAnchor('chapter', chapter.id);
  return (
    <Box
      component="section"
      aria-labelledby={anchor}
      sx={{ mt: 8, '@media print': { ...newPage['@media print'], mt: 0 } }}
    >
      <SectionHeading
        id={anchor}
        number={sectionNumber(...indexes)}
        name={chapter.name}
        component="h3"
        variant="h4"
      />
      {chapter.topics.length === 0 && <Typography>{PRINT_TEXT.noTopics}</Typography>}
      {chapter.topics.map((topic, t) => (
        <TopicSection key={topic.id} topic={topic} number={sectionNumber(...indexes, t)} />
      ))}
    </Box>
  );
}

function SubjectSection({ subject, index }: { subject: Subject; index: number }) {
  const anchor = sectionAnchor('subject', subject.id);
  return (
    <Box component="section" aria-labelledby={anchor} sx={{ mt: 10, ...newPage }}>
      <Cover url={subject.image_url} maxHeight={240} />
      <SectionHeading
        id={anchor}
        number={sectionNumber(index)}
        name={subject.name}
        component="h2"
        variant="h2"
      />
      {subject.description && (
        <Typography component="p" variant="subtitle1" sx={{ whiteSpace: 'pre-line' }}>
          {subject.description}
        </Typography>
      )}
      {subject.chapters.length === 0 && <Typography>{PRINT_TEXT.noChapters}</Typography>}
      {subject.chapters.map((chapter, c) => (
        <ChapterSection key={chapter.id} chapter={chapter} indexes={[index, c]} />
      ))}
    </Box>
  );
}

/**
 * The whole course as one document: a title page, the contents, then every subject, chapter
 * and topic in outline order with its lesson and questions. Each subject and chapter starts a
 * printed page. With `answers`, an answer key follows on its own pages.
 */
export function PrintDocument({ tree, answers }: { tree: CourseExportTree; answers: boolean }) {
  const { course, subjects } = tree;
  return (
    <Box
      component="article"
      aria-labelledby="print-title"
      sx={{
        // Lesson headings sit below the topic's heading, so they are drawn smaller than it.
        '& .markdown-body :is(h1, h2)': { fontSize: '1.25rem' },
        '& .markdown-body h3': { fontSize: '1.1rem' },
        '& .markdown-body :is(h4, h5, h6)': { fontSize: '1rem' },
        '& .markdown-body :is(h1, h2, h3, h4, h5, h6)': keepWithNext,
        '& .markdown-body :is(pre, table, img, [role="img"], .katex-display)': {
          '@media print': { breakInside: 'avoid' },
        },
        '& .markdown-body :is(th, td)': { '@media print': { borderColor: 'text.primary' } },
      }}
    >
      <Box component="header" sx={{ py: 6, '@media print': { breakAfter: 'page' } }}>
        <Cover url={course.image_url} maxHeight={360} />
        <Typography
          id="print-title"
          variant="h1"
          component="h1"
          sx={{ overflowWrap: 'anywhere', mb: 3 }}
        >
          {course.name}
        </Typography>
        {course.description && (
          <Typography component="p" variant="subtitle1" sx={{ whiteSpace: 'pre-line' }}>
            {course.description}
          </Typography>
        )}
      </Box>
      <Box sx={{ mt: 6 }}>
        <TableOfContents
          subjects={subjects}
          answerKey={answers ? { anchor: ANSWER_KEY_ANCHOR, name: PRINT_TEXT.answerKey } : null}
        />
      </Box>
      {subjects.map((subject, s) => (
        <SubjectSection key={subject.id} subject={subject} index={s} />
      ))}
      {answers && <AnswerKey tree={tree} />}
    </Box>
  );
}
