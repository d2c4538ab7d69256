import {
  DIAGRAM_SVG_MAX_LENGTH,
  DIAGRAM_UPLOAD_MAX_BYTES,
  DIAGRAMS_PER_REQUEST_MAX,
  type CourseTree,
  type DiagramDrawingInput,
} from '@coursecraft/contracts';
import { diagramKey, diagramSources } from '@coursecraft/markdown';
import type { DiagramScheme } from '../../../components/markdown/MermaidDiagram';
import type { TopicIds } from '../api/publishing-keys';

/** How far drawing has got: `drawn` is the diagram being drawn now (1-based). */
export interface DiagramProgress {
  drawn: number;
  total: number;
}

/** What drawing needs from the API and the browser; tests replace them. */
export interface DiagramDrawingPorts {
  fetchLessons: (courseId: string) => Promise<CourseTree>;
  fetchKeys: (courseId: string) => Promise<Set<string>>;
  draw: (id: string, code: string, scheme: DiagramScheme) => Promise<string>;
  upload: (topic: TopicIds, drawings: DiagramDrawingInput[]) => Promise<unknown>;
}

export interface DiagramOutcome {
  drawn: number;
  /** Diagrams that could not be drawn (or are too large to store): learners see their text. */
  skipped: number;
}

interface PendingLesson {
  topic: TopicIds;
  diagrams: { key: string; source: string }[];
}

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The drawings in requests that each stay under the upload's size and count limits. */
export function uploadBatches(drawings: DiagramDrawingInput[]): DiagramDrawingInput[][] {
  const batches: DiagramDrawingInput[][] = [];
  let current: DiagramDrawingInput[] = [];
  for (const drawing of drawings) {
    const next = [...current, drawing];
    if (
      current.length > 0 &&
      (next.length > DIAGRAMS_PER_REQUEST_MAX ||
        bytesOf({ drawings: next }) > DIAGRAM_UPLOAD_MAX_BYTES)
    ) {
      batches.push(current);
      current = [drawing];
    } else {
      current = next;
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

const fits = ({ light, dark }: DiagramDrawingInput) =>
  light.length <= DIAGRAM_SVG_MAX_LENGTH &&
  dark.length <= DIAGRAM_SVG_MAX_LENGTH &&
  bytesOf({ drawings: [{ key: '', light, dark }] }) <= DIAGRAM_UPLOAD_MAX_BYTES;

/** Every lesson's diagrams not drawn yet, each key once (with the first lesson that holds it). */
async function pendingLessons(tree: CourseTree, stored: Set<string>): Promise<PendingLesson[]> {
  const queued = new Set(stored);
  const lessons: PendingLesson[] = [];
  for (const subject of tree.subjects) {
    for (const chapter of subject.chapters) {
      for (const topic of chapter.topics) {
        if (!topic.content) continue;
        const diagrams: PendingLesson['diagrams'] = [];
        for (const source of diagramSources(topic.content)) {
          const key = await diagramKey(source);
          if (queued.has(key)) continue;
          queued.add(key);
          diagrams.push({ key, source });
        }
        if (diagrams.length === 0) continue;
        const ids = { subjectId: subject.id, chapterId: chapter.id, topicId: topic.id };
        lessons.push({ topic: { courseId: tree.course.id, ...ids }, diagrams });
      }
    }
  }
  return lessons;
}

const hasDiagrams = (tree: CourseTree) =>
  tree.subjects.some((subject) =>
    subject.chapters.some((chapter) =>
      chapter.topics.some((topic) => topic.content && diagramSources(topic.content).length > 0),
    ),
  );

/**
 * Draws, in light and dark, every diagram of the course's lessons that has no stored drawing,
 * and uploads them one lesson per request (split when a lesson's drawings are too large for
 * one). A diagram that fails to draw is skipped; a failed upload rejects, so nothing is
 * published with drawings missing by accident.
 */
export async function drawCourseDiagrams(
  courseId: string,
  onProgress: (progress: DiagramProgress) => void,
  ports: DiagramDrawingPorts,
): Promise<DiagramOutcome> {
  const tree = await ports.fetchLessons(courseId);
  if (!hasDiagrams(tree)) return { drawn: 0, skipped: 0 };
  const lessons = await pendingLessons(tree, await ports.fetchKeys(courseId));
  const total = lessons.reduce((sum, lesson) => sum + lesson.diagrams.length, 0);
  let drawn = 0;
  let skipped = 0;
  for (const { topic, diagrams } of lessons) {
    const drawings: DiagramDrawingInput[] = [];
    for (const { key, source } of diagrams) {
      onProgress({ drawn: drawn + skipped + 1, total });
      const id = `diagram-${key.slice(0, 16)}`;
      try {
        const light = await ports.draw(`${id}-light`, source, 'light');
        const dark = await ports.draw(`${id}-dark`, source, 'dark');
        const drawing = { key, light, dark };
        if (!fits(drawing)) throw new Error(`The drawing of diagram ${key} is too large`);
        drawings.push(drawing);
        drawn += 1;
      } catch (error) {
        console.warn('A diagram could not be drawn; learners see its text', error);
        skipped += 1;
      }
    }
    for (const batch of uploadBatches(drawings)) await ports.upload(topic, batch);
  }
  return { drawn, skipped };
}
