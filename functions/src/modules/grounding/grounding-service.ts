import {
  SOURCE_MESSAGES,
  estimateTokens,
  parseCitationFootnote,
  type ChangedLessons,
  type CitationLocator,
} from '@coursecraft/contracts';
import { footnoteMarks } from '@coursecraft/markdown';
import type { CoursePath, TopicPath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import { ownedOutline, topicIdsBelow, type NodeDeletionHandler, type Outline } from '../outline';
import { checkCitations, pagesAround, type CitationLookup } from './citations';
import type { CitationsRepository } from './citations-repository';
import type {
  CitedSource,
  CourseGrounding,
  GroundingService,
  GroundingSource,
  ReadSourceTexts,
} from './grounding-types';
import { choosePassages } from './passages';

export interface GroundingDependencies {
  /** The sources module's port: a course's ready sources with their covered text. */
  readSourceTexts: ReadSourceTexts;
  citations: CitationsRepository;
  outline: Outline;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The texts a citation is checked against, from the loaded chunks only. */
function lookupIn(sources: readonly GroundingSource[]): CitationLookup {
  return (sourceName: string, locator: CitationLocator) => {
    const source = sources.find((candidate) => sameName(candidate.name, sourceName));
    if (!source) return null;
    const labels =
      locator.kind === 'page' ? pagesAround(source.units, locator.label) : [locator.label];
    return source.chunks
      .filter((chunk) => labels.some((label) => sameName(label, chunk.label)))
      .map((chunk) => chunk.text);
  };
}

/** The distinct sources the citations of a checked lesson name, in the order first cited. */
function citedSources(markdown: string, sources: readonly GroundingSource[]): CitedSource[] {
  const cited = new Map<string, CitedSource>();
  for (const definition of footnoteMarks(markdown).definitions) {
    const citation = parseCitationFootnote(markdown.slice(definition.start, definition.end));
    if (!citation) continue;
    const source = sources.find((candidate) => sameName(candidate.name, citation.sourceName));
    if (source && !cited.has(source.id)) {
      cited.set(source.id, {
        sourceId: source.id,
        generation: source.generation,
        name: source.name,
      });
    }
  }
  return [...cited.values()];
}

function courseGrounding(sources: readonly GroundingSource[]): CourseGrounding {
  const coverageTokens = sources
    .flatMap((source) => source.chunks)
    .reduce((sum, chunk) => sum + estimateTokens(chunk.text.length), 0);
  const lookup = lookupIn(sources);
  return {
    passages: (level, query) => choosePassages(sources, level, query, coverageTokens),
    checkLesson(markdown) {
      const checked = checkCitations(markdown, lookup);
      return {
        markdown: checked.markdown,
        removed: checked.removed,
        removedCitations: checked.removedCitations,
        cited: citedSources(checked.markdown, sources),
      };
    },
  };
}

/** Every topic of the course with its path, in the outline's order. */
async function topicPaths(outline: Outline, path: CoursePath): Promise<TopicPath[]> {
  const subjects = await outline.listSubjects(path);
  const chapters = await Promise.all(
    subjects.map(async (subject) => {
      const list = await outline.listChapters({ ...path, subjectId: subject.id });
      return list.map((chapter) => ({ ...path, subjectId: subject.id, chapterId: chapter.id }));
    }),
  );
  const topics = await Promise.all(
    chapters.flat().map(async (chapter) => {
      const list = await outline.listTopics(chapter);
      return list.map((topic) => ({ ...chapter, topicId: topic.id }));
    }),
  );
  return topics.flat();
}

/**
 * Generation from the author's sources: the passages a request carries, the check of a lesson's
 * citations against the text Gemini was given, and the record of what each lesson cites, so a
 * lesson citing a source since removed or replaced shows Source changed.
 */
export function groundingService({
  readSourceTexts,
  citations,
  outline,
}: GroundingDependencies): GroundingService {
  const owned = ownedOutline(outline);

  return {
    async forCourse(courseId) {
      const texts = await readSourceTexts(courseId);
      if (texts.reading) {
        throw new HttpError(409, 'SOURCES_READING', SOURCE_MESSAGES.stillReading);
      }
      return texts.sources.length === 0 ? null : courseGrounding(texts.sources);
    },

    recordCitations: (path, cited) => citations.write(path, cited),

    async changedLessons(uid, path): Promise<ChangedLessons> {
      await owned.course(uid, path);
      const records = await citations.listCourse(path);
      if (records.length === 0) return { lessons: [] };
      const texts = await readSourceTexts(path.courseId, { text: false });
      const current = new Map(texts.sources.map((source) => [source.id, source.generation]));
      const changed = new Map<string, string[]>();
      for (const record of records) {
        const names = record.sources
          .filter((source) => current.get(source.sourceId) !== source.generation)
          .map((source) => source.name);
        if (names.length > 0) changed.set(record.path.topicId, [...new Set(names)]);
      }
      if (changed.size === 0) return { lessons: [] };
      // Where each topic is now: a moved topic keeps its record.
      const topics = await topicPaths(outline, path);
      return {
        lessons: topics.flatMap((topic) => {
          const sources = changed.get(topic.topicId);
          return sources
            ? [
                {
                  subject_id: topic.subjectId,
                  chapter_id: topic.chapterId,
                  topic_id: topic.topicId,
                  sources,
                },
              ]
            : [];
        }),
      };
    },

    /**
     * The outline's deletion handler: the records of a deleted node's topics go after its tree
     * (a record is written only while its topic exists); a course's go before too, so a
     * failure refuses the deletion and a retry finds them.
     */
    forgetDeletedNodes: (async ({ level, path }, deleteNode) => {
      if (level === 'course') {
        await citations.deleteCourse(path);
        await deleteNode();
        await citations.deleteCourse(path);
        return;
      }
      const topicIds = await topicIdsBelow(outline, path);
      await deleteNode();
      await citations.deleteTopics(path, topicIds);
    }) satisfies NodeDeletionHandler,
  };
}
