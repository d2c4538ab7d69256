import type { OutlineCounts, Topic } from '@coursecraft/contracts';
import DialogContentText from '@mui/material/DialogContentText';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useOutlineCounts } from '../api/get-outline-counts';
import { useTopics } from '../api/get-topics';
import type { ChapterRef } from '../lib/keys';

/** The non-empty list a regeneration replaces: a course's subjects, a subject's chapters or a chapter's topics. */
export type RegenerateTarget =
  | { level: 'subjects'; courseId: string }
  | { level: 'chapters'; courseId: string; subjectId: string; subjectName: string }
  | { level: 'topics'; chapter: ChapterRef; chapterName: string };

export const REGENERATE_TEXT = {
  counting: 'Counting what will be replaced...',
} as const;

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** "a", "a and b", "a, b and c". */
function listOf(parts: string[]): string {
  const last = parts.at(-1) ?? '';
  return parts.length <= 1 ? last : `${parts.slice(0, -1).join(', ')} and ${last}`;
}

/**
 * What a regeneration replaces, in words with counts, e.g. 'This replaces the 3 subjects of this
 * course, with their 8 chapters, 24 topics and 20 lessons. They cannot be restored.'; levels
 * below with nothing in them are left out. Without counts (they could not be read), the same
 * in words only.
 */
export function replacementText(target: RegenerateTarget, counts: OutlineCounts | null): string {
  const noun = target.level.slice(0, -1);
  const owner =
    target.level === 'subjects'
      ? 'this course'
      : target.level === 'chapters'
        ? target.subjectName
        : target.chapterName;
  if (!counts) {
    return `This replaces the ${target.level} of ${owner} with everything below them, lessons included. They cannot be restored.`;
  }
  const own = target.level === 'subjects' ? (counts.subjects ?? 0) : counts[target.level];
  const one = own === 1;
  const below = (
    [
      ['chapter', target.level === 'subjects' ? counts.chapters : 0],
      ['topic', target.level === 'topics' ? 0 : counts.topics],
      ['lesson', counts.lessons],
    ] as const
  )
    .filter(([, count]) => count > 0)
    .map(([name, count]) => counted(count, name));
  const their = one ? 'its' : 'their';
  const rest =
    below.length === 0
      ? ''
      : target.level === 'topics'
        ? ` and ${their} ${listOf(below)}`
        : `, with ${their} ${listOf(below)}`;
  const restored = one ? 'It cannot be restored.' : 'They cannot be restored.';
  return `This replaces the ${counted(own, noun)} of ${owner}${rest}. ${restored}`;
}

function topicCounts(topics: Topic[]): OutlineCounts {
  return {
    chapters: 0,
    topics: topics.length,
    lessons: topics.filter((topic) => topic.has_content).length,
  };
}

/**
 * 'Regenerate {level}?': says how many items (and the chapters, topics and lessons below them)
 * the regeneration replaces before it runs; the counts are asked for when it opens, and the
 * Regenerate button does not wait for them. A failure keeps it open with `failureMessage`.
 */
export function RegenerateConfirmDialog({
  target,
  failureMessage,
  onClose,
  onConfirm,
}: {
  target: RegenerateTarget;
  failureMessage: (error: Error) => string;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const counts = useOutlineCounts(
    target.level === 'subjects'
      ? { courseId: target.courseId }
      : target.level === 'chapters'
        ? { courseId: target.courseId, subjectId: target.subjectId }
        : null,
  );
  const topicsRef = target.level === 'topics' ? target.chapter : null;
  const topics = useTopics(
    { courseId: topicsRef?.courseId ?? '', subjectId: topicsRef?.subjectId ?? '' },
    topicsRef?.chapterId ?? null,
  );
  const query = target.level === 'topics' ? topics : counts;
  const known =
    target.level === 'topics'
      ? topics.data && topicCounts(topics.data)
      : (counts.data ?? undefined);

  return (
    <ConfirmDialog
      title={`Regenerate ${target.level}?`}
      confirmLabel="Regenerate"
      busyLabel="Regenerating..."
      confirmColor="error"
      failureMessage={failureMessage}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <DialogContentText>
        {known
          ? replacementText(target, known)
          : query.isError
            ? replacementText(target, null)
            : REGENERATE_TEXT.counting}
      </DialogContentText>
    </ConfirmDialog>
  );
}
