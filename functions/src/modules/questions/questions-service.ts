import {
  ORDER_MESSAGES,
  QUESTION_MESSAGES,
  QUESTIONS_PER_TOPIC_MAX,
  type Question,
  type QuestionInput,
  type ReorderInput,
  type TopicQuestions,
} from '@coursecraft/contracts';
import type { BodyReader } from '../../lib/body-reader';
import type { TopicPath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import {
  OUTLINE_NOT_FOUND,
  ownedOutline,
  topicIdsBelow,
  type NodeDeletionHandler,
  type Outline,
} from '../outline';
import { newQuestionId } from './question-ids';
import type { QuestionsRepository } from './questions-repository';

export interface QuestionsDependencies {
  outline: Outline;
  questions: QuestionsRepository;
}

const questionNotFound = () => new HttpError(404, 'NOT_FOUND', QUESTION_MESSAGES.notFound);
const topicGone = () => new HttpError(404, 'NOT_FOUND', OUTLINE_NOT_FOUND.topicId);

/** `current` with the question `questionId` replaced by what `replace` makes of it. */
function replaced(
  current: Question[],
  questionId: string,
  replace: (question: Question) => Question[],
): Question[] {
  const index = current.findIndex((question) => question.id === questionId);
  const found = current[index];
  if (!found) throw questionNotFound();
  return [...current.slice(0, index), ...replace(found), ...current.slice(index + 1)];
}

/** `current` in the order of `ids`, which must name each current question exactly once. */
function reordered(current: Question[], ids: string[]): Question[] {
  const byId = new Map(current.map((question) => [question.id, question]));
  const next = ids.map((id) => byId.get(id));
  if (ids.length !== current.length || next.some((question) => question === undefined)) {
    throw new HttpError(400, 'VALIDATION', ORDER_MESSAGES.mismatch);
  }
  return next.filter((question): question is Question => question !== undefined);
}

/**
 * A topic's questions as its author manages them: list, add, replace, delete and order. Every
 * path segment is checked for the caller first (404 as the lesson routes), the body read after;
 * each change is one transaction on the topic's questions (questions-repository).
 */
export function questionsService({ outline, questions }: QuestionsDependencies) {
  const owned = ownedOutline(outline);

  async function change(
    path: TopicPath,
    apply: (current: Question[]) => Question[],
  ): Promise<Question[]> {
    return (await questions.update(path, apply)) ?? Promise.reject(topicGone());
  }

  const authored = (id: string, input: QuestionInput): Question => ({
    ...input,
    id,
    origin: 'author',
  });

  return {
    async list(uid: string, path: TopicPath): Promise<TopicQuestions> {
      await owned.topic(uid, path);
      return { questions: await questions.read(path) };
    },

    /** Adds the author's question after the others; refused at QUESTIONS_PER_TOPIC_MAX. */
    async create(
      uid: string,
      path: TopicPath,
      readBody: BodyReader<QuestionInput>,
    ): Promise<Question> {
      await owned.topic(uid, path);
      const question = authored(newQuestionId(), readBody());
      await change(path, (current) => {
        if (current.length >= QUESTIONS_PER_TOPIC_MAX) {
          throw new HttpError(409, 'CONFLICT', QUESTION_MESSAGES.atLimit);
        }
        return [...current, question];
      });
      return question;
    },

    /** Replaces a question in its place; it becomes the author's, so a regeneration keeps it. */
    async update(
      uid: string,
      path: TopicPath,
      questionId: string,
      readBody: BodyReader<QuestionInput>,
    ): Promise<Question> {
      await owned.topic(uid, path);
      const question = authored(questionId, readBody());
      await change(path, (current) => replaced(current, questionId, () => [question]));
      return question;
    },

    async remove(uid: string, path: TopicPath, questionId: string): Promise<void> {
      await owned.topic(uid, path);
      await change(path, (current) => replaced(current, questionId, () => []));
    },

    /** Puts the questions in the order of `ids`, which must list exactly the current ones. */
    async reorder(
      uid: string,
      path: TopicPath,
      readBody: BodyReader<ReorderInput>,
    ): Promise<TopicQuestions> {
      await owned.topic(uid, path);
      const { ids } = readBody();
      if (new Set(ids).size !== ids.length) {
        throw new HttpError(400, 'VALIDATION', ORDER_MESSAGES.duplicate);
      }
      return { questions: await change(path, (current) => reordered(current, ids)) };
    },

    /**
     * The outline's deletion handler. The questions of a deleted node's topics go after its tree
     * (a question write reads its topic in its transaction, so none lands on a deleted topic);
     * a course's go before too, so a failure refuses the deletion and a retry finds the course.
     * Questions are keyed by course and topic id, so a moved topic keeps them.
     */
    forgetDeletedQuestions: (async ({ level, path }, deleteNode) => {
      if (level === 'course') {
        await questions.deleteCourse(path);
        await deleteNode();
        await questions.deleteCourse(path);
        return;
      }
      const topicIds = await topicIdsBelow(outline, path);
      await deleteNode();
      await questions.deleteTopics(path, topicIds);
    }) satisfies NodeDeletionHandler,
  };
}

export type QuestionsService = ReturnType<typeof questionsService>;
