import {
  QUESTION_MESSAGES,
  QUESTION_TYPE_LABELS,
  type CourseExportTree,
  type Question,
} from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { PRINT_TEXT } from '../print-messages';
import { acceptedAnswerTexts, letter, printedSteps } from '../print-questions';
import { sectionNumber } from '../print-sections';

const MarkdownView = lazy(() =>
  import('../../../components/markdown/MarkdownView').then((m) => ({ default: m.MarkdownView })),
);

/** Markdown that sits on a line of its own (an option, a step): no paragraph margins. */
function Inline({ text, idPrefix }: { text: string; idPrefix: string }) {
  return (
    <Box sx={{ minWidth: 0, '& p': { my: 0 } }}>
      <MarkdownView markdown={text} idPrefix={idPrefix} />
    </Box>
  );
}

/** One lettered line: "B." then the text. */
function Lettered({ mark, text, idPrefix }: { mark: string; text: string; idPrefix: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
      <Box component="span" sx={{ fontWeight: 700, flexShrink: 0 }}>
        {mark}.
      </Box>
      <Inline text={text} idPrefix={idPrefix} />
    </Box>
  );
}

const letteredList = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 } as const;

/** A numbered entry of a topic's questions or of its key: "3." then the content. */
function Numbered({ number, children }: { number: number; children: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 1.5, '@media print': { breakInside: 'avoid' } }}
    >
      <Typography component="span" sx={{ fontWeight: 700, flexShrink: 0, lineHeight: 1.75 }}>
        {number}.
      </Typography>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>{children}</Box>
    </Box>
  );
}

const numberedList = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3 } as const;

/** What the reader answers on paper: options and steps lettered, a line to write on. */
function QuestionParts({ question }: { question: Question }) {
  const prefix = `question-${question.id}`;
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
      return (
        <Box component="ol" sx={letteredList}>
          {question.options.map((option, index) => (
            <Lettered
              key={option.id}
              mark={letter(index)}
              text={option.text}
              idPrefix={`${prefix}-${option.id}`}
            />
          ))}
        </Box>
      );
    case 'true_false':
      return (
        <Box component="ol" sx={letteredList}>
          <Lettered mark="A" text={PRINT_TEXT.true} idPrefix={`${prefix}-true`} />
          <Lettered mark="B" text={PRINT_TEXT.false} idPrefix={`${prefix}-false`} />
        </Box>
      );
    case 'short_answer':
      return (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', mt: 1 }}>
          <Typography component="span">{QUESTION_MESSAGES.yourAnswer}:</Typography>
          <Box
            aria-hidden
            sx={{ flexGrow: 1, height: '2em', borderBottom: 1, borderColor: 'text.primary' }}
          />
        </Box>
      );
    case 'ordering':
      return (
        <Box component="ol" sx={letteredList}>
          {printedSteps(question.id, question.items).map((item, index) => (
            <Lettered
              key={item.id}
              mark={letter(index)}
              text={item.text}
              idPrefix={`${prefix}-${item.id}`}
            />
          ))}
        </Box>
      );
  }
}

/** A topic's questions under its lesson, numbered 1, 2, … with their type. */
export function TopicQuestions({ topicId, questions }: { topicId: string; questions: Question[] }) {
  if (questions.length === 0) return null;
  const heading = `print-questions-${topicId}`;
  return (
    <Box component="section" aria-labelledby={heading} sx={{ mt: 3 }}>
      <Typography id={heading} component="h5" variant="h6" sx={{ mb: 1.5, breakAfter: 'avoid' }}>
        {QUESTION_MESSAGES.section}
      </Typography>
      <Suspense fallback={<CircularProgress aria-label={PRINT_TEXT.loadingQuestions} />}>
        <Box component="ol" sx={numberedList}>
          {questions.map((question, index) => (
            <Numbered key={question.id} number={index + 1}>
              <Typography variant="caption" component="p" color="text.secondary">
                {QUESTION_TYPE_LABELS[question.type]}
              </Typography>
              <MarkdownView markdown={question.text} idPrefix={`question-${question.id}`} />
              <QuestionParts question={question} />
            </Numbered>
          ))}
        </Box>
      </Suspense>
    </Box>
  );
}

/** The right answer of a question, in the letters its printed question uses. */
function Answer({ question }: { question: Question }) {
  const prefix = `key-${question.id}`;
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
      return (
        <Box component="ul" sx={letteredList}>
          {question.options.flatMap((option, index) =>
            option.correct
              ? [
                  <Lettered
                    key={option.id}
                    mark={letter(index)}
                    text={option.text}
                    idPrefix={`${prefix}-${option.id}`}
                  />,
                ]
              : [],
          )}
        </Box>
      );
    case 'true_false':
      return <Typography>{question.answer ? PRINT_TEXT.true : PRINT_TEXT.false}</Typography>;
    case 'short_answer':
      return (
        <Typography>
          {PRINT_TEXT.acceptedAnswers}: {acceptedAnswerTexts(question).join('; ')}
        </Typography>
      );
    case 'ordering': {
      const printed = printedSteps(question.id, question.items);
      return (
        <>
          <Typography>{PRINT_TEXT.stepsInOrder}:</Typography>
          <Box component="ol" sx={letteredList}>
            {question.items.map((item) => (
              <Lettered
                key={item.id}
                mark={letter(printed.indexOf(item))}
                text={item.text}
                idPrefix={`${prefix}-${item.id}`}
              />
            ))}
          </Box>
        </>
      );
    }
  }
}

type KeyTopic = { id: string; number: string; name: string; questions: Question[] };

/** Every topic with questions, numbered as in the course, in outline order. */
function keyTopics(tree: CourseExportTree): KeyTopic[] {
  return tree.subjects.flatMap((subject, s) =>
    subject.chapters.flatMap((chapter, c) =>
      chapter.topics.flatMap((topic, t) =>
        topic.questions.length === 0
          ? []
          : [
              {
                id: topic.id,
                number: sectionNumber(s, c, t),
                name: topic.name,
                questions: topic.questions,
              },
            ],
      ),
    ),
  );
}

export const ANSWER_KEY_ANCHOR = 'print-answer-key';

/**
 * The answer key at the end of the book: per topic, per question, the right options, the
 * accepted answers (numbers with their tolerance) or the steps in order, and the explanation.
 */
export function AnswerKey({ tree }: { tree: CourseExportTree }) {
  const topics = keyTopics(tree);
  return (
    <Box
      component="section"
      aria-labelledby={ANSWER_KEY_ANCHOR}
      sx={{ mt: 10, '@media print': { breakBefore: 'page', mt: 0 } }}
    >
      <Typography id={ANSWER_KEY_ANCHOR} component="h2" variant="h2" sx={{ mb: 2 }}>
        {PRINT_TEXT.answerKey}
      </Typography>
      {topics.length === 0 && <Typography>{PRINT_TEXT.noQuestions}</Typography>}
      <Suspense fallback={<CircularProgress aria-label={PRINT_TEXT.loadingQuestions} />}>
        {topics.map((topic) => (
          <Box
            key={topic.id}
            component="section"
            aria-labelledby={`print-key-${topic.id}`}
            sx={{ mt: 4 }}
          >
            <Typography
              id={`print-key-${topic.id}`}
              component="h3"
              variant="h4"
              sx={{ mb: 1.5, overflowWrap: 'anywhere', breakAfter: 'avoid' }}
            >
              {topic.number} {topic.name}
            </Typography>
            <Box component="ol" sx={numberedList}>
              {topic.questions.map((question, index) => (
                <Numbered key={question.id} number={index + 1}>
                  <Answer question={question} />
                  {question.explanation !== '' && (
                    <Box sx={{ mt: 1 }}>
                      <Typography variant="subtitle2" component="p">
                        {QUESTION_MESSAGES.explanation}
                      </Typography>
                      <MarkdownView
                        markdown={question.explanation}
                        idPrefix={`key-${question.id}-explanation`}
                      />
                    </Box>
                  )}
                </Numbered>
              ))}
            </Box>
          </Box>
        ))}
      </Suspense>
    </Box>
  );
}
