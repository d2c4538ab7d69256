/** The grounding module's public entry: generation from the author's sources, checked. */
export {
  checkCitations,
  pagesAround,
  type CitationCheck,
  type CitationLookup,
  type RemovedCitation,
} from './citations';
export type {
  CheckedLesson,
  CitedSource,
  CourseGrounding,
  CourseSourceTexts,
  GroundingService,
  GroundingSource,
  Passage,
  ReadSourceTexts,
  ReadTextsOptions,
  SourceTextChunk,
} from './grounding-types';
export { choosePassages, citationRulesLines, rankingWords, sourcesPromptLines } from './passages';
export { citationsRepository, type CitationsRepository } from './citations-repository';
export { groundingService, type GroundingDependencies } from './grounding-service';
export { groundingRoutes } from './grounding-routes';
