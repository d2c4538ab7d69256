import type {
  LearnerChapter,
  LearnerCourse,
  LearnerSubject,
  LearnerTopic,
} from '@coursecraft/contracts';

/** A topic with its place in the outline. */
export interface TopicPlace {
  topic: LearnerTopic;
  chapter: LearnerChapter;
  subject: LearnerSubject;
}

/** Every topic of the course in reading order: subject by subject, chapter by chapter. */
export function courseTopics(course: LearnerCourse): TopicPlace[] {
  return course.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) =>
      chapter.topics.map((topic) => ({ topic, chapter, subject })),
    ),
  );
}

/** How far the learner got: completed topics that are still in the course, of all its topics. */
export function progressOf(topics: TopicPlace[], completed: ReadonlySet<string>) {
  const done = topics.filter(({ topic }) => completed.has(topic.id)).length;
  return { done, total: topics.length };
}

/** Where Continue leads: the first topic not completed, else the first topic. */
export function nextToLearn(
  topics: TopicPlace[],
  completed: ReadonlySet<string>,
): TopicPlace | undefined {
  return topics.find(({ topic }) => !completed.has(topic.id)) ?? topics[0];
}
