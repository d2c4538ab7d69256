import {
  QUESTION_MESSAGES,
  QUESTIONS_PER_GENERATION,
  QUESTIONS_PER_TOPIC_MAX,
  convertGeneratedQuestion,
  generatedQuestionsMessage,
  generatedQuestionsSchema,
  type GenerateQuestionsInput,
  type Question,
  type QuestionBody,
  type QuestionGenerationResult,
} from '@coursecraft/contracts';
import type { TopicPath } from '../../lib/firestore/paths';
import type { WriteGuard } from '../../lib/firestore/write-guard';
import type { BodyReader } from '../../lib/body-reader';
import { generateJson } from '../../lib/gemini/gemini-client';
import { HttpError } from '../../lib/http-error';
import type { WithGemini } from '../generation/gemini-access';
import { passageQuery, type PromptPassages } from '../generation/prompts';
import type { CourseGrounding, GroundingService } from '../grounding';
import { OUTLINE_NOT_FOUND, ownedOutline, type FillOutcome, type Outline } from '../outline';
import {
  questionsPrompt,
  type QuestionsContext,
  type QuestionsRequest,
  type RejectedQuestion,
} from './question-prompts';
import { newQuestionId } from './question-ids';
import type { QuestionsRepository } from './questions-repository';

/** The lock of a topic's question generation, shared by its button and a whole-course job's step. */
const lockKeyOf = (path: TopicPath) =>
  `questions:${path.courseId}/${path.subjectId}/${path.chapterId}/${path.topicId}`;

const noLesson = () => new HttpError(409, 'CONFLICT', QUESTION_MESSAGES.noLesson);
const atLimit = () => new HttpError(409, 'CONFLICT', QUESTION_MESSAGES.atLimit);
const noneValid = () => new HttpError(502, 'GEMINI_UNAVAILABLE', QUESTION_MESSAGES.noneValid);

/** Thrown inside a job step's write when the topic got questions meanwhile: nothing is written. */
class QuestionsPresent extends Error {}

export interface QuestionGenerationDependencies {
  outline: Outline;
  withGemini: WithGemini;
  questions: Pick<QuestionsRepository, 'read' | 'update'>;
  /** The course's sources: questions on a lesson of a course with sources see its passages. */
  grounding: Pick<GroundingService, 'forCourse'>;
  newId?: () => string;
}

/** The passages of a topic's questions: chosen by the names above it and the instructions. */
function questionPassages(
  sources: CourseGrounding | null,
  { course, subject, chapter, topic }: Omit<QuestionsContext, 'lesson'>,
  instructions?: string,
): PromptPassages {
  return sources?.passages(
    'questions',
    passageQuery([course, subject, chapter, topic], [instructions]),
  );
}

/** The questions Gemini wrote that passed every check, and how many of those asked did not. */
interface Generated {
  bodies: QuestionBody[];
  discarded: number;
}

/**
 * Generate Questions: asks Gemini, with the author's key and the course settings, for questions
 * on the topic's lesson, checks each on its own, asks once more for those that fail (saying what
 * was wrong), drops any still failing, and stores the rest in one transaction, only then.
 */
export function questionGenerationService({
  outline,
  withGemini,
  questions,
  grounding,
  newId = newQuestionId,
}: QuestionGenerationDependencies) {
  const owned = ownedOutline(outline);

  /** Gemini's questions on the lesson, `request.count` asked, each checked; at most two calls. */
  async function generate(
    apiKey: string,
    context: QuestionsContext,
    request: QuestionsRequest,
    passages: PromptPassages,
  ): Promise<Generated> {
    const bodies: QuestionBody[] = [];
    let rejected: RejectedQuestion[] = [];
    for (let attempt = 0; attempt < 2 && bodies.length < request.count; attempt += 1) {
      const count = request.count - bodies.length;
      const kept = [...request.kept, ...bodies.map((body) => body.text)];
      const answer = await generateJson(apiKey, {
        prompt: questionsPrompt(context, { ...request, count, kept, rejected }, passages),
        schema: generatedQuestionsSchema(count),
      });
      rejected = [];
      answer.questions.slice(0, count).forEach((question, index) => {
        const converted = convertGeneratedQuestion(question, newId);
        if ('body' in converted) bodies.push(converted.body);
        else rejected.push({ position: index + 1, problems: converted.problems });
      });
    }
    if (bodies.length === 0) throw noneValid();
    return { bodies, discarded: request.count - bodies.length };
  }

  const asGenerated = (bodies: QuestionBody[]): Question[] =>
    bodies.map((body) => ({ ...body, id: newId(), origin: 'generated' }));

  /** The topic with its lesson, or the 409 of a topic without one. */
  async function lessonContext(path: TopicPath, documents: Omit<QuestionsContext, 'lesson'>) {
    const lesson = documents.topic.has_content ? await outline.getContent(path) : null;
    if (lesson === null) throw noLesson();
    return { ...documents, lesson };
  }

  return {
    /**
     * `add` adds up to QUESTIONS_PER_GENERATION questions after the topic's, never past
     * QUESTIONS_PER_TOPIC_MAX; `replace` drops the generated questions and adds new ones after
     * those the author wrote or edited, following the instructions.
     */
    async generateQuestions(
      uid: string,
      path: TopicPath,
      readBody: BodyReader<GenerateQuestionsInput>,
    ): Promise<QuestionGenerationResult> {
      const documents = await owned.topic(uid, path);
      const { mode = 'add', instructions } = readBody();
      if (!documents.topic.has_content) throw noLesson();
      const keptOf = (current: Question[]) =>
        mode === 'add' ? current : current.filter((question) => question.origin !== 'generated');
      if (keptOf(await questions.read(path)).length >= QUESTIONS_PER_TOPIC_MAX) throw atLimit();
      const sources = await grounding.forCourse(path.courseId);

      return withGemini(uid, lockKeyOf(path), async (apiKey) => {
        const context = await lessonContext(path, documents);
        const kept = keptOf(await questions.read(path));
        const count = Math.min(QUESTIONS_PER_GENERATION, QUESTIONS_PER_TOPIC_MAX - kept.length);
        if (count <= 0) throw atLimit();
        const { bodies, discarded } = await generate(
          apiKey,
          context,
          {
            count,
            kept: kept.map((question) => question.text),
            ...(instructions ? { instructions } : {}),
          },
          questionPassages(sources, documents, instructions),
        );
        let added = 0;
        const stored = await questions.update(path, (current) => {
          const next = keptOf(current);
          const room = QUESTIONS_PER_TOPIC_MAX - next.length;
          if (room <= 0) throw atLimit();
          const fresh = asGenerated(bodies.slice(0, room));
          added = fresh.length;
          return [...next, ...fresh];
        });
        // The topic was deleted while Gemini wrote.
        if (stored === null) throw new HttpError(404, 'NOT_FOUND', OUTLINE_NOT_FOUND.topicId);
        return {
          questions: stored,
          added,
          discarded,
          message: generatedQuestionsMessage(added, discarded),
        };
      });
    },

    /**
     * A whole-course job's questions step: QUESTIONS_PER_GENERATION questions for a topic that
     * has a lesson and no questions, under the button's lock, stored only while `guard` holds
     * and the topic still has none.
     */
    async fillQuestions(uid: string, path: TopicPath, guard: WriteGuard): Promise<FillOutcome> {
      const sources = await grounding.forCourse(path.courseId);
      return withGemini(uid, lockKeyOf(path), async (apiKey) => {
        const documents = await owned.topic(uid, path);
        if ((await questions.read(path)).length > 0) return 'present';
        const lesson = documents.topic.has_content ? await outline.getContent(path) : null;
        if (lesson === null) return 'gone';
        const { bodies } = await generate(
          apiKey,
          { ...documents, lesson },
          { count: QUESTIONS_PER_GENERATION, kept: [] },
          questionPassages(sources, documents),
        );
        try {
          const stored = await questions.update(
            path,
            (current) => {
              if (current.length > 0) throw new QuestionsPresent();
              return asGenerated(bodies);
            },
            guard,
          );
          return stored === null ? 'refused' : 'written';
        } catch (error) {
          if (error instanceof QuestionsPresent) return 'present';
          throw error;
        }
      });
    },
  };
}

export type QuestionGenerationService = ReturnType<typeof questionGenerationService>;
