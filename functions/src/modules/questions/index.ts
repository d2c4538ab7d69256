/**
 * The questions module's public entry: a topic's questions (authors' CRUD, order, the deletion
 * handler) and their one repository. Other modules import only from here.
 */
export { questionsRepository, type QuestionsRepository } from './questions-repository';
