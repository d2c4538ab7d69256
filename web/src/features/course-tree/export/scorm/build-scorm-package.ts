import {
  QUIZ_QUESTIONS_MAX,
  type CourseExportTree,
  type ExportedChapter,
  type Question,
} from '@coursecraft/contracts';
import { renderLessonHtml } from '@coursecraft/markdown';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { fetchKatexFonts, KATEX_CSS } from './katex-assets';
import { courseScript, lessonScript, PLAYER_CSS, PLAYER_HTML, playerScript } from './player-page';
import type { PlayerCourse, PlayerQuestion } from './player-runtime';
import { renderScormLesson } from './render-lesson';
import { buildScormManifest } from './scorm-manifest';

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};

/** An image's bytes and file extension, or null when it cannot be read (the package goes without). */
async function fetchImage(url: string | null): Promise<{ bytes: Uint8Array; ext: string } | null> {
  if (!url) return null;
  try {
    const response = await fetch(url);
    const ext = IMAGE_EXTENSIONS[(response.headers.get('content-type') ?? '').split(';')[0] ?? ''];
    if (!response.ok || !ext) return null;
    return { bytes: new Uint8Array(await response.arrayBuffer()), ext };
  } catch {
    return null;
  }
}

/** `idPrefix` keeps a part's footnote ids apart from the lesson's and the other questions'. */
const html = (markdown: string, idPrefix: string) =>
  markdown.trim()
    ? renderLessonHtml(markdown, { drawings: new Map(), idPrefix })
    : Promise.resolve('');

/** A question with its markdown rendered as the app shows it; the key and accepted answers kept. */
async function playerQuestion(question: Question): Promise<PlayerQuestion> {
  const body: Partial<Pick<Question, 'origin'>> & PlayerQuestion = { ...question };
  delete body.origin;
  const prefix = `question-${question.id}`;
  const base = {
    ...body,
    text: await html(body.text, prefix),
    explanation: await html(body.explanation, `${prefix}-explanation`),
  };
  switch (base.type) {
    case 'single_choice':
    case 'multiple_choice':
      return {
        ...base,
        options: await Promise.all(
          base.options.map(async (option) => ({
            ...option,
            text: await html(option.text, `${prefix}-${option.id}`),
            feedback: await html(option.feedback, `${prefix}-${option.id}-feedback`),
          })),
        ),
      };
    case 'ordering':
      return {
        ...base,
        items: await Promise.all(
          base.items.map(async (item) => ({
            ...item,
            text: await html(item.text, `${prefix}-${item.id}`),
          })),
        ),
      };
    default:
      return base;
  }
}

/** A chapter's quiz: every question of its topics (at most the quiz's cap), null when none. */
function chapterQuiz(
  chapter: ExportedChapter,
  questions: ReadonlyMap<string, PlayerQuestion>,
): PlayerCourse['subjects'][number]['chapters'][number]['quiz'] {
  const pool = chapter.topics
    .flatMap((topic) => topic.questions)
    .slice(0, QUIZ_QUESTIONS_MAX)
    .map((question) => questions.get(question.id))
    .filter((question) => question !== undefined);
  return pool.length === 0 ? null : { settings: chapter.quiz, questions: pool };
}

/** Lets the page repaint (progress) between lessons, which render synchronously. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A SCORM 1.2 package (.zip) of the whole course: `index.html` with a small offline player,
 * every lesson rendered as the app shows it (KaTeX with its fonts, Mermaid as inline SVG), the
 * covers that could be read, and `imsmanifest.xml` listing every file. Topic checks and chapter
 * quizzes are graded in the player, so the package carries their keys; with quizzes, the
 * manifest's mastery score is the course's pass mark. `onProgress` counts one step per topic,
 * then one for packing.
 */
export async function buildScormPackage(
  tree: CourseExportTree,
  onProgress?: (done: number, total: number) => void,
): Promise<Blob> {
  const files = new Map<string, Uint8Array>();
  /** Already compressed files, stored as they are. */
  const stored = new Set<string>();
  const addImage = (path: string, image: { bytes: Uint8Array; ext: string } | null) => {
    if (!image) return null;
    files.set(`${path}.${image.ext}`, image.bytes);
    stored.add(`${path}.${image.ext}`);
    return `${path}.${image.ext}`;
  };

  const [courseImage, subjectImages, fonts] = await Promise.all([
    fetchImage(tree.course.image_url),
    Promise.all(tree.subjects.map((subject) => fetchImage(subject.image_url))),
    fetchKatexFonts(),
  ]);

  const total = tree.subjects.reduce(
    (sum, subject) =>
      sum + subject.chapters.reduce((inChapters, chapter) => inChapters + chapter.topics.length, 0),
    1,
  );
  let done = 0;
  onProgress?.(done, total);

  const course: PlayerCourse = {
    title: tree.course.name,
    description: tree.course.description,
    image: addImage('images/course', courseImage),
    passMark: tree.course.settings.pass_mark,
    subjects: [],
  };
  for (const [subjectIndex, subject] of tree.subjects.entries()) {
    const chapters: PlayerCourse['subjects'][number]['chapters'] = [];
    for (const chapter of subject.chapters) {
      const topics: PlayerCourse['subjects'][number]['chapters'][number]['topics'] = [];
      const questions = new Map<string, PlayerQuestion>();
      for (const topic of chapter.topics) {
        const index = done;
        let lesson: string | null = null;
        if (topic.content?.trim()) {
          const html = await renderScormLesson(topic.content, `diagram-${index + 1}`, topic.id);
          lesson = `lessons/${index + 1}.js`;
          files.set(lesson, strToU8(lessonScript(index, html)));
        }
        for (const question of topic.questions) {
          questions.set(question.id, await playerQuestion(question));
        }
        topics.push({
          name: topic.name,
          lesson,
          questions: topic.questions
            .filter((question) => !question.quiz_only)
            .map((question) => questions.get(question.id))
            .filter((question) => question !== undefined),
        });
        done += 1;
        onProgress?.(done, total);
        await nextTask();
      }
      chapters.push({ name: chapter.name, topics, quiz: chapterQuiz(chapter, questions) });
    }
    course.subjects.push({
      name: subject.name,
      image: addImage(`images/subject-${subjectIndex + 1}`, subjectImages[subjectIndex] ?? null),
      chapters,
    });
  }

  files.set('index.html', strToU8(PLAYER_HTML));
  files.set('player/player.css', strToU8(PLAYER_CSS));
  files.set('player/player.js', strToU8(playerScript()));
  files.set('player/course.js', strToU8(courseScript(course)));
  files.set('katex/katex.min.css', strToU8(KATEX_CSS));
  for (const [name, bytes] of fonts) {
    files.set(`katex/fonts/${name}`, bytes);
    if (/\.woff2?$/.test(name)) stored.add(`katex/fonts/${name}`);
  }

  const manifest = buildScormManifest({
    courseId: tree.course.id,
    title: tree.course.name,
    files: [...files.keys()],
    masteryScore: course.subjects.some((subject) =>
      subject.chapters.some((chapter) => chapter.quiz !== null),
    )
      ? course.passMark
      : undefined,
  });
  const entries: Zippable = { 'imsmanifest.xml': strToU8(manifest) };
  for (const [path, bytes] of files)
    entries[path] = stored.has(path) ? [bytes, { level: 0 }] : bytes;
  const zipped = zipSync(entries, { level: 6 });
  onProgress?.(total, total);
  return new Blob([zipped], { type: 'application/zip' });
}
