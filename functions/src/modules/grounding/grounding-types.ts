import type {
  ChangedLessons,
  CitationLocator,
  GroundedLevel,
  SourceKind,
  SourceUnit,
} from '@coursecraft/contracts';
import type { CoursePath, TopicPath } from '../../lib/firestore/paths';
import type { NodeDeletionHandler } from '../outline';
import type { RemovedCitation } from './citations';

/** One piece of a ready source's text: a page (PDF) or a section, or part of a long one. */
export interface SourceTextChunk {
  /** The page label or section heading it belongs to. */
  label: string;
  /** Its place in the source's text. */
  index: number;
  text: string;
}

/** A ready source as generation reads it: only the units within the coverage budget. */
export interface GroundingSource {
  id: string;
  name: string;
  kind: SourceKind;
  /** Which file of the source this is (a replacement makes the next). */
  generation: number;
  /** Every unit read, in order (a citation may name a page beside a covered one). */
  units: SourceUnit[];
  /** The text of the covered units, in order. */
  chunks: SourceTextChunk[];
}

/** The port the sources module answers: a course's sources for generation. */
export interface CourseSourceTexts {
  /** Some source is still being read: generation must wait (409). */
  reading: boolean;
  /** The ready sources (failed ones are left out), in the order added. */
  sources: GroundingSource[];
}
/** `text: false` leaves the chunks out (empty), for a caller that needs only which sources exist. */
export interface ReadTextsOptions {
  text?: boolean;
}
export type ReadSourceTexts = (
  courseId: string,
  options?: ReadTextsOptions,
) => Promise<CourseSourceTexts>;

/** A passage chosen for a prompt, marked with where it comes from. */
export interface Passage {
  sourceName: string;
  locator: CitationLocator;
  text: string;
  tokens: number;
}

/** A source a stored lesson cites, as it was when the lesson was written. */
export interface CitedSource {
  sourceId: string;
  generation: number;
  name: string;
}

/** A generated lesson after its citations were checked. */
export interface CheckedLesson {
  markdown: string;
  removed: number;
  removedCitations: RemovedCitation[];
  /** The sources its kept citations name. */
  cited: CitedSource[];
}

/** A course's sources, loaded once for one generation request. */
export interface CourseGrounding {
  /**
   * The passages that best match `query` (names, descriptions, the author's instructions), within
   * the level's budget (`passageBudget`), in the sources' order.
   */
  passages(level: GroundedLevel, query: readonly string[]): Passage[];
  /** Checks every citation against its page (±1) or section; failed ones are removed. */
  checkLesson(markdown: string): CheckedLesson;
}

export interface GroundingService {
  /**
   * The course's sources for one request: null when it has no ready source; 409
   * SOURCES_READING (`SOURCE_MESSAGES.stillReading`) while any source is being read.
   */
  forCourse(courseId: string): Promise<CourseGrounding | null>;
  /** Records the sources a topic's stored lesson cites (none: forgets the record). */
  recordCitations(path: TopicPath, cited: readonly CitedSource[]): Promise<void>;
  /** The owner's lessons citing a source since removed or replaced. */
  changedLessons(uid: string, path: CoursePath): Promise<ChangedLessons>;
  /** The records of deleted topics go with them. */
  forgetDeletedNodes: NodeDeletionHandler;
}
