/**
 * The questions module's public entry: a topic's questions (authors' CRUD and order, the
 * outline's deletion handler) and their one repository. Other modules import only from here.
 */
export { questionsRepository, type QuestionsRepository } from './questions-repository';
export {
  questionsService,
  type QuestionsDependencies,
  type QuestionsService,
} from './questions-service';
export { questionsRoutes } from './questions-routes';
export { newQuestionId } from './question-ids';
