import {
  QUESTION_MESSAGES,
  documentIdSchema,
  gradeResponse,
  revealedAnswer,
  type AnswerResult,
  type LearnerAnswersInput,
  type LearnerAnswersResult,
  type LearnerQuestions,
} from '@coursecraft/contracts';
import type { BodyReader } from '../../lib/body-reader';
import { HttpError } from '../../lib/http-error';
import { livePublication } from './live-publication';
import { notFound } from './not-found';
import { topicIdsOf } from './publish-snapshot';
import { learnerQuestions, type PublishedQuestion } from './published-questions';
import type {
  GradedAnswer,
  PublicationRecord,
  PublishingRepository,
} from './publishing-repository';

export interface LearnerChecksDependencies {
  publications: Pick<
    PublishingRepository,
    'findLiveBySlug' | 'readLesson' | 'readQuestions' | 'recordAnswers'
  >;
  now: () => Date;
}

const unknownQuestion = (): never => {
  throw new HttpError(404, 'NOT_FOUND', QUESTION_MESSAGES.unknownQuestion);
};

/** The feedback lines of the options a response picked (choice types only). */
function pickedFeedback({ question, html }: PublishedQuestion, picked: string[]): string[] {
  if (question.type !== 'single_choice' && question.type !== 'multiple_choice') return [];
  return question.options
    .filter((option) => picked.includes(option.id))
    .flatMap((option) => html.options[option.id]?.feedback || []);
}

/**
 * A topic's checks for learners: the questions of a snapshot without their keys, and the
 * grading of answers against those keys, which never leave the server before their time (a
 * correct response or a Show answer). Graded answers to a topic of the live snapshot are
 * recorded; anything a slug does not name is the learners' 404.
 */
export function learnerChecksService({ publications, now }: LearnerChecksDependencies) {
  const read = (slug: string, topicId: string, version: number) =>
    publications.readQuestions({ slug, version, topicId });

  /** The live publication a slug names (the topic id well formed), or the learners' 404. */
  async function live(slug: string, topicId: string): Promise<PublicationRecord> {
    if (!documentIdSchema.safeParse(topicId).success) notFound();
    return livePublication(publications, slug);
  }

  /**
   * A topic's questions in the snapshot `version` as read ([] when the topic has none, which
   * stores no document; 404 when that snapshot does not have the topic).
   */
  async function questionsOf(
    current: PublicationRecord,
    topicId: string,
    version: number,
    stored: PublishedQuestion[] | null,
  ): Promise<PublishedQuestion[]> {
    if (stored !== null) return stored;
    const slug = current.slug ?? '';
    const hasTopic =
      version === current.version
        ? topicIdsOf(current.course).includes(topicId)
        : (await publications.readLesson({ slug, version, topicId })) !== null;
    return hasTopic ? [] : notFound();
  }

  return {
    /** The checks of the snapshot `version` (the live one when null); with one, both reads at once. */
    async questions(
      slug: string,
      topicId: string,
      version: number | null,
    ): Promise<LearnerQuestions> {
      const [current, versioned] = await Promise.all([
        live(slug, topicId),
        version === null ? null : read(slug, topicId, version),
      ]);
      const wanted = version ?? current.version;
      const stored = version === null ? await read(slug, topicId, wanted) : versioned;
      const questions = await questionsOf(current, topicId, wanted, stored);
      return { topic_id: topicId, version: wanted, questions: learnerQuestions(questions) };
    },

    /**
     * Grades each answer (a bare Show answer only reveals) and records the graded ones with one
     * write when the topic is in the live snapshot. A quiz-only or unknown question fails the
     * whole request with nothing recorded.
     */
    async answer(
      slug: string,
      topicId: string,
      uid: string,
      readBody: BodyReader<LearnerAnswersInput>,
    ): Promise<LearnerAnswersResult> {
      const current = await live(slug, topicId);
      const body = readBody();
      const version = body.version ?? current.version;
      const stored = await read(slug, topicId, version);
      const questions = await questionsOf(current, topicId, version, stored);
      const byId = new Map(
        questions
          .filter(({ question }) => !question.quiz_only)
          .map((entry) => [entry.question.id, entry]),
      );
      const graded: GradedAnswer[] = [];
      const results = body.answers.map(({ question_id, response, show }): AnswerResult => {
        const entry = byId.get(question_id) ?? unknownQuestion();
        const correct = response === undefined ? null : gradeResponse(entry.question, response);
        if (correct !== null) graded.push({ questionId: question_id, correct });
        const picked = response && 'option_ids' in response ? response.option_ids : [];
        return {
          question_id,
          correct,
          explanation_html: entry.html.explanation,
          feedback_html: pickedFeedback(entry, picked),
          answer: correct === true || show === true ? revealedAnswer(entry.question) : null,
        };
      });
      if (graded.length > 0 && topicIdsOf(current.course).includes(topicId)) {
        await publications.recordAnswers(
          { courseId: current.courseId },
          uid,
          topicId,
          graded,
          now(),
        );
      }
      return { results };
    },
  };
}

export type LearnerChecksService = ReturnType<typeof learnerChecksService>;
