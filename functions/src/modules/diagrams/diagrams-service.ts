import { DIAGRAM_MESSAGES, type DiagramKeys, type DiagramUpload } from '@coursecraft/contracts';
import { diagramKey, diagramSources } from '@coursecraft/markdown';
import type { BodyReader } from '../../lib/body-reader';
import type { CoursePath, TopicPath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import { ownedOutline, type NodeDeletionHandler, type Outline } from '../outline';
import type { DiagramRepository, StoredDrawing } from './diagram-repository';
import { sanitizeSvg } from './svg-allowlist';

export interface DiagramsDependencies {
  outline: Outline;
  drawings: DiagramRepository;
  now: () => Date;
}

/** The keys of the diagrams a lesson holds now. */
async function keysOfLesson(markdown: string | null): Promise<Set<string>> {
  if (markdown === null) return new Set();
  return new Set(await Promise.all(diagramSources(markdown).map((source) => diagramKey(source))));
}

function sanitized(svg: string): string {
  return sanitizeSvg(svg) ?? notSvg();
}

function notSvg(): never {
  throw new HttpError(400, 'VALIDATION', DIAGRAM_MESSAGES.notSvg);
}

/**
 * Diagrams drawn by the author's browser (mermaid needs one to lay a diagram out): uploaded per
 * lesson, checked against the lesson's current diagrams, sanitised against an SVG allowlist and
 * stored by the hash of each diagram's source, so a diagram drawn once serves every publish and
 * every copy of it in the course.
 */
export function diagramsService({ outline, drawings, now }: DiagramsDependencies) {
  const owned = ownedOutline(outline);

  return {
    async listKeys(uid: string, path: CoursePath): Promise<DiagramKeys> {
      await owned.course(uid, path);
      return { keys: await drawings.listKeys(path) };
    },

    /**
     * Stores the drawings of diagrams of the topic's current lesson; a key that is not one of
     * them refuses the whole request (nothing stored). Answers the keys stored.
     */
    async upload(
      uid: string,
      path: TopicPath,
      readBody: BodyReader<DiagramUpload>,
    ): Promise<DiagramKeys> {
      await owned.topic(uid, path);
      const body = readBody();
      const lessonKeys = await keysOfLesson(await outline.getContent(path));
      const unknown = body.drawings.map(({ key }) => key).filter((key) => !lessonKeys.has(key));
      if (unknown.length > 0) {
        throw new HttpError(400, 'VALIDATION', DIAGRAM_MESSAGES.notInLesson, {
          details: { keys: [...new Set(unknown)] },
        });
      }
      const byKey = new Map<string, StoredDrawing>();
      for (const { key, light, dark } of body.drawings) {
        byKey.set(key, { key, light: sanitized(light), dark: sanitized(dark) });
      }
      await drawings.saveDrawings(path, [...byKey.values()], now());
      return { keys: [...byKey.keys()].sort() };
    },

    /**
     * The outline's deletion handler: a deleted course's drawings go before its tree, so a
     * failure refuses the deletion and a retry finds the course. Not best effort.
     */
    forgetDeletedCourse: (async ({ level, path }, deleteNode) => {
      if (level === 'course') await drawings.deleteCourseDrawings(path);
      await deleteNode();
    }) satisfies NodeDeletionHandler,
  };
}

export type DiagramsService = ReturnType<typeof diagramsService>;
