import { signedInClient } from './bench-account.mjs';
import { noisyCoverPng } from './png.mjs';
import { readDemoCourse, seedDemoData } from './seed.mjs';

/**
 * How much a lesson asks of a learner page: its math (`$` signs) and its diagrams (```mermaid
 * blocks). The benches measure the lesson with a diagram and the most math.
 */
export function lessonWeight(markdown) {
  return {
    diagrams: (markdown.match(/^\s*```mermaid\b/gm) ?? []).length,
    dollars: (markdown.match(/\$/g) ?? []).length,
  };
}

/** Of `lessons` ({ topicId, markdown }), the one with a diagram and the most math (else the most math). */
export function heaviestLesson(lessons) {
  const weighed = lessons.map((lesson) => ({ ...lesson, ...lessonWeight(lesson.markdown) }));
  const withDiagram = weighed.filter((lesson) => lesson.diagrams > 0);
  const pool = withDiagram.length > 0 ? withDiagram : weighed;
  return pool.reduce((best, lesson) => (lesson.dollars > best.dollars ? lesson : best), pool[0]);
}

/** Every lesson of a course, read through the authoring API as its author. */
async function lessonsOf(api, courseId) {
  const lessons = [];
  const base = `/courses/${encodeURIComponent(courseId)}/subjects`;
  for (const subject of await api(base)) {
    const chapters = `${base}/${subject.id}/chapters`;
    for (const chapter of await api(chapters)) {
      const topics = `${chapters}/${chapter.id}/topics`;
      for (const topic of await api(topics)) {
        const markdown = await api(`${topics}/${topic.id}/content`).catch(() => '');
        lessons.push({ topicId: topic.id, name: topic.name, markdown: String(markdown ?? '') });
      }
    }
  }
  return lessons;
}

/** The first chapter of the live snapshot with a quiz (`GET /api/learn/{slug}`); null when none. */
async function firstQuizChapter(suite, slug) {
  const response = await fetch(`${suite.appUrl}/api/learn/${encodeURIComponent(slug)}`);
  if (!response.ok) return null;
  const outline = await response.json();
  const chapters = (outline.subjects ?? []).flatMap((subject) => subject.chapters ?? []);
  return chapters.find((chapter) => chapter.quiz)?.id ?? null;
}

/**
 * Seeds the demo data (accounts, testimonials, the published demo course, whose cover is a
 * generated-size PNG when the course is created now) and answers the pages the benches measure:
 * the course id, its slug, the learner course page, the lesson with a diagram and the most
 * math, and the first chapter with a quiz (null when none).
 */
export async function seedBenchPages(suite, log = console.log) {
  log('Seeding the demo accounts, testimonials and course (with a 1024 × 1024 cover)...');
  const courseCover = noisyCoverPng();
  const { seed, course: seeded } = await seedDemoData(suite.env, {
    appUrl: suite.appUrl,
    courseCover,
  });
  if (seeded?.state === 'present') {
    log('The demo course was already there: its cover is the one it was published with.');
  } else {
    log(`Course cover: ${(courseCover.length / 1024 / 1024).toFixed(2)} MB PNG.`);
  }
  const slug = seeded?.learnPath?.replace('/learn/', '') ?? '';
  const author = seed.users.find((user) => !user.admin);
  const { api } = await signedInClient(suite, author);
  const course = (await api('/courses/my-courses')).find(
    (entry) => entry.name === readDemoCourse().name,
  );
  if (!course || !slug) throw new Error('The demo course is missing or not published.');
  const lesson = heaviestLesson(await lessonsOf(api, course.id));
  if (!lesson) throw new Error('The demo course has no lesson.');
  log(
    `Lesson measured: "${lesson.name}" (${lesson.diagrams} diagram(s), ${lesson.dollars} $ signs).`,
  );
  const quizChapter = await firstQuizChapter(suite, slug);
  log(
    quizChapter
      ? `Quiz page measured: chapter ${quizChapter}.`
      : 'The demo course has no chapter quiz: no quiz page to measure.',
  );
  return {
    seed,
    course: course.id,
    quizChapter,
    slug,
    topic: lesson.topicId,
    coursePage: `/learn/${slug}`,
    lessonPage: `/learn/${slug}/${lesson.topicId}`,
  };
}
