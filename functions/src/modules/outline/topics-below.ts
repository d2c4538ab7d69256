import type { OutlinePath } from '../../lib/firestore/paths';
import type { Outline } from './outline';

type TopicLister = Pick<Outline, 'listChapters' | 'listTopics'>;

/** The ids of the topics at or below a subject, chapter or topic path. */
export async function topicIdsBelow(
  outline: TopicLister,
  { courseId, subjectId, chapterId, topicId }: OutlinePath,
): Promise<string[]> {
  if (topicId) return [topicId];
  if (!subjectId) return [];
  const topicsOf = async (id: string) =>
    (await outline.listTopics({ courseId, subjectId, chapterId: id })).map((topic) => topic.id);
  if (chapterId) return topicsOf(chapterId);
  const chapters = await outline.listChapters({ courseId, subjectId });
  return (await Promise.all(chapters.map((chapter) => topicsOf(chapter.id)))).flat();
}
