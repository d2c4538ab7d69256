/**
 * The quizzes module's public entry: a chapter's quiz settings (authors' GET/PUT, the outline's
 * deletion handler) and their one repository. Other modules import only from here; publishing
 * reads the settings through a port wired in app.ts.
 */
export {
  chapterQuizzesRepository,
  type ChapterQuizzesRepository,
} from './chapter-quizzes-repository';
