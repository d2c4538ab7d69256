/** The grounding module's public entry: generation from the author's sources, checked. */
export {
  checkCitations,
  pagesAround,
  type CitationCheck,
  type CitationLookup,
  type RemovedCitation,
} from './citations';
