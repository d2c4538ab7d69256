/**
 * The quizzes module's public entry: a chapter's quiz settings (authors' GET/PUT, the outline's
 * deletion handler) and their one repository. Other modules import only from here; publishing
 * reads the settings through a port wired in app.ts.
 */
export {
  chapterQuizzesRepository,
  type ChapterQuizzesRepository,
} from './chapter-quizzes-repository';
export {
  chapterQuizzesService,
  type ChapterQuizzesDependencies,
  type ChapterQuizzesService,
} from './chapter-quizzes-service';
export { chapterQuizzesRoutes } from './chapter-quizzes-routes';
