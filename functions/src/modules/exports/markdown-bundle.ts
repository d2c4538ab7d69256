import {
  COURSE_BUNDLE_FORMAT,
  COURSE_BUNDLE_LIMITS,
  COURSE_BUNDLE_MANIFEST,
  COURSE_BUNDLE_MESSAGES,
  COURSE_BUNDLE_VERSION,
  CONTENT_MAX_LENGTH,
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  bundleChapterQuizSchema,
  bundleQuestionsSchema,
  courseBundleSchema,
  type BundleQuestions,
  type ChapterQuizSettings,
  type CourseBundle,
  type CourseTree,
  type Question,
  exportFileName,
  isStandaloneBundleIssue,
} from '@coursecraft/contracts';
import { Unzip, UnzipInflate, zipSync, type Zippable } from 'fflate';
import { HttpError } from '../../lib/http-error';
import { imageTypeOf, startsWith, type ImageType } from '../../lib/image-type';
import { describeZodError } from '../../lib/validate';

/** A cover as it travels in a bundle. */
export interface BundleImage extends ImageType {
  bytes: Uint8Array;
}

/** The bundle's download name, e.g. `algebra-i-ii-markdown.zip`. */
export const bundleFileName = (courseName: string): string =>
  exportFileName(courseName, '-markdown.zip');

/** Longest name part of a folder or file name in the zip. */
const SEGMENT_NAME_MAX = 60;

/**
 * `01 Name`: the item's place (zero-padded to the list's width, so names sort in outline order
 * and never collide) and its name made safe for every file system.
 */
function segmentName(index: number, count: number, itemName: string): string {
  const number = String(index + 1).padStart(Math.max(2, String(count).length), '0');
  const safe = itemName
    .normalize('NFC')
    .replace(/[/\\:*?"<>|]+/g, '-')
    .replace(/\p{Cc}+/gu, '-')
    .replace(/\s+/g, ' ')
    .slice(0, SEGMENT_NAME_MAX)
    .replace(/^[\s.-]+|[\s.-]+$/g, '');
  return safe ? `${number} ${safe}` : number;
}

const encoder = new TextEncoder();

/** The name of a chapter's quiz settings file, in the chapter's folder. */
export const CHAPTER_QUIZ_FILE = 'quiz.json';

const isDefaultQuiz = (settings: ChapterQuizSettings) =>
  (Object.keys(DEFAULT_CHAPTER_QUIZ_SETTINGS) as (keyof ChapterQuizSettings)[]).every(
    (key) => settings[key] === DEFAULT_CHAPTER_QUIZ_SETTINGS[key],
  );

/** The JSON of a topic's questions file: each question as stored, keys and origin included. */
const questionsFile = (questions: Question[]): BundleQuestions => ({ questions });

/**
 * A course as a Markdown bundle: `course.json`, one Markdown file per lesson in folders named
 * after subjects and chapters, beside it a `.questions.json` file per topic with questions, a
 * `quiz.json` per chapter whose quiz settings are not the defaults, and the covers under
 * `images/`. Lessons are stored as their exact UTF-8 bytes; images without compression (they are
 * compressed already).
 */
export function buildMarkdownBundle(
  tree: CourseTree,
  covers: { course: BundleImage | null; subjects: (BundleImage | null)[] },
  questions: ReadonlyMap<string, Question[]> = new Map(),
  quizzes: ReadonlyMap<string, ChapterQuizSettings> = new Map(),
): Uint8Array {
  const files: Zippable = {};
  const imageEntry = (path: string, image: BundleImage | null) => {
    if (!image) return null;
    const file = `${path}.${image.extension}`;
    files[file] = [image.bytes, { level: 0 }];
    return file;
  };
  const subjectCount = tree.subjects.length;
  const manifest: CourseBundle = {
    format: COURSE_BUNDLE_FORMAT,
    version: COURSE_BUNDLE_VERSION,
    course: {
      id: tree.course.id,
      name: tree.course.name,
      description: tree.course.description,
      settings: tree.course.settings,
    },
    image: imageEntry('images/course', covers.course),
    subjects: tree.subjects.map((subject, s) => {
      const subjectFolder = segmentName(s, subjectCount, subject.name);
      const number = String(s + 1).padStart(Math.max(2, String(subjectCount).length), '0');
      return {
        id: subject.id,
        name: subject.name,
        description: subject.description,
        image: imageEntry(`images/subjects/${number}`, covers.subjects[s] ?? null),
        chapters: subject.chapters.map((chapter, c) => {
          const chapterFolder = segmentName(c, subject.chapters.length, chapter.name);
          const settings = quizzes.get(chapter.id);
          let quiz: string | null = null;
          if (settings && !isDefaultQuiz(settings)) {
            quiz = `${subjectFolder}/${chapterFolder}/${CHAPTER_QUIZ_FILE}`;
            files[quiz] = encoder.encode(`${JSON.stringify(settings, null, 2)}\n`);
          }
          return {
            id: chapter.id,
            name: chapter.name,
            quiz,
            topics: chapter.topics.map((topic, t) => {
              const file = segmentName(t, chapter.topics.length, topic.name);
              const base = `${subjectFolder}/${chapterFolder}/${file}`;
              let lesson: string | null = null;
              if (topic.content !== null) {
                lesson = `${base}.md`;
                files[lesson] = encoder.encode(topic.content);
              }
              const topicQuestions = questions.get(topic.id) ?? [];
              let questionsPath: string | null = null;
              if (topicQuestions.length > 0) {
                questionsPath = `${base}.questions.json`;
                const json = JSON.stringify(questionsFile(topicQuestions), null, 2);
                files[questionsPath] = encoder.encode(`${json}\n`);
              }
              return { id: topic.id, name: topic.name, lesson, questions: questionsPath };
            }),
          };
        }),
      };
    }),
  };
  files[COURSE_BUNDLE_MANIFEST] = encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`);
  return zipSync(files);
}

/**
 * A bundle read and checked: its course.json, and the lessons, questions files and covers it
 * names, by path.
 */
export interface ReadBundle {
  manifest: CourseBundle;
  lessons: Map<string, string>;
  questions: Map<string, BundleQuestions['questions']>;
  /** Chapters' quiz settings files, by path. */
  quizzes: Map<string, ChapterQuizSettings>;
  images: Map<string, BundleImage>;
}

/** Compressed bytes handed to the inflater at a time: at most ~1,000 times that comes out. */
const PUSH_BYTES = 16 * 1024;
const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
];

const refuse = (message: string) => new HttpError(400, 'VALIDATION', message);

/** The end-of-central-directory record: its signature, and its size without a comment. */
const END_OF_DIRECTORY = [0x50, 0x4b, 0x05, 0x06];
const END_OF_DIRECTORY_BYTES = 22;
const ZIP64_LOCATOR = [0x50, 0x4b, 0x06, 0x07];
const ZIP64_END_OF_DIRECTORY = [0x50, 0x4b, 0x06, 0x06];

/**
 * How many entries the zip's central directory lists, read from its end record (and the ZIP64
 * record it points to, when the count does not fit in 16 bits), before anything is inflated;
 * undefined when there is no end record.
 */
export function listedEntryCount(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - END_OF_DIRECTORY_BYTES - 0xffff);
  for (let at = bytes.length - END_OF_DIRECTORY_BYTES; at >= lowest; at -= 1) {
    if (!startsWith(bytes, END_OF_DIRECTORY, at)) continue;
    const count = view.getUint16(at + 10, true);
    if (count !== 0xffff) return count;
    const locator = at - 20;
    if (locator < 0 || !startsWith(bytes, ZIP64_LOCATOR, locator)) return count;
    const record = Number(view.getBigUint64(locator + 8, true));
    if (record + 40 > bytes.length || !startsWith(bytes, ZIP64_END_OF_DIRECTORY, record)) {
      return undefined;
    }
    return Number(view.getBigUint64(record + 32, true));
  }
  return undefined;
}

/**
 * The most bytes an entry may unpack to, by its name, and the refusal past it: course.json holds
 * the structure only; a Markdown file is one lesson; anything else is at most a cover's size.
 */
function entryCap(name: string): { maxBytes: number; refusal: () => HttpError } {
  if (name === COURSE_BUNDLE_MANIFEST) {
    return {
      maxBytes: COURSE_BUNDLE_LIMITS.manifestBytes,
      refusal: () => refuse(COURSE_BUNDLE_MESSAGES.manifestTooLarge),
    };
  }
  if (name.endsWith('.md')) {
    return {
      maxBytes: COURSE_BUNDLE_LIMITS.lessonBytes,
      refusal: () => refuse(COURSE_BUNDLE_MESSAGES.lessonTooLong(name)),
    };
  }
  const message = name.startsWith('images/')
    ? COURSE_BUNDLE_MESSAGES.imageTooLarge(name)
    : COURSE_BUNDLE_MESSAGES.fileTooLarge(name);
  return { maxBytes: COURSE_BUNDLE_LIMITS.imageBytes, refusal: () => refuse(message) };
}

/**
 * Every file of a zip by name, inflated with fflate's streaming `Unzip` within
 * COURSE_BUNDLE_LIMITS: the entry count the central directory lists is checked before anything
 * is inflated; while inflating, entries are counted again and each entry's bytes and the total
 * are counted as they come, so an archive is refused, and the entry stops inflating, as soon as
 * it crosses a limit, whatever its headers claim. Folders are skipped.
 */
export function unzipWithinLimits(bytes: Uint8Array): Map<string, Uint8Array> {
  if (!ZIP_SIGNATURES.some((signature) => startsWith(bytes, signature))) {
    throw refuse(COURSE_BUNDLE_MESSAGES.notAZip);
  }
  const listed = listedEntryCount(bytes);
  if (listed === undefined) throw refuse(COURSE_BUNDLE_MESSAGES.damaged);
  if (listed > COURSE_BUNDLE_LIMITS.entries) throw refuse(COURSE_BUNDLE_MESSAGES.tooManyEntries);
  const entries = new Map<string, Uint8Array>();
  let count = 0;
  let unpacked = 0;
  let failure: HttpError | undefined;
  const unzip = new Unzip((file) => {
    if (failure) return;
    count += 1;
    if (count > COURSE_BUNDLE_LIMITS.entries) {
      failure = refuse(COURSE_BUNDLE_MESSAGES.tooManyEntries);
      return;
    }
    if (file.name.endsWith('/')) return;
    if (file.compression !== 0 && file.compression !== 8) {
      failure = refuse(COURSE_BUNDLE_MESSAGES.damaged);
      return;
    }
    const cap = entryCap(file.name);
    const chunks: Uint8Array[] = [];
    let entryBytes = 0;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = refuse(COURSE_BUNDLE_MESSAGES.damaged);
        return;
      }
      entryBytes += data.length;
      unpacked += data.length;
      if (entryBytes > cap.maxBytes || unpacked > COURSE_BUNDLE_LIMITS.unpackedBytes) {
        failure =
          entryBytes > cap.maxBytes
            ? cap.refusal()
            : refuse(COURSE_BUNDLE_MESSAGES.tooMuchUnpacked);
        chunks.length = 0;
        file.terminate();
        return;
      }
      chunks.push(data);
      if (!final) return;
      if (entries.has(file.name)) failure = refuse(COURSE_BUNDLE_MESSAGES.duplicateFile(file.name));
      else entries.set(file.name, Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += PUSH_BYTES) {
      const end = offset + PUSH_BYTES;
      unzip.push(bytes.subarray(offset, end), end >= bytes.length);
    }
  } catch {
    failure ??= refuse(COURSE_BUNDLE_MESSAGES.damaged);
  }
  if (failure) throw failure;
  return entries;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeText(bytes: Uint8Array, message: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw refuse(message);
  }
}

/** `course.json` parsed and checked against the bundle's schema. */
function manifestOf(entries: Map<string, Uint8Array>): CourseBundle {
  const file = entries.get(COURSE_BUNDLE_MANIFEST);
  if (!file) throw refuse(COURSE_BUNDLE_MESSAGES.noManifest);
  let json: unknown;
  try {
    json = JSON.parse(decodeText(file, COURSE_BUNDLE_MESSAGES.manifestNotJson));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse(COURSE_BUNDLE_MESSAGES.manifestNotJson);
  }
  const parsed = courseBundleSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const standalone = parsed.error.issues.find(isStandaloneBundleIssue);
  if (standalone) throw refuse(standalone.message);
  throw refuse(`${COURSE_BUNDLE_MESSAGES.manifestInvalid}: ${describeZodError(parsed.error)}`);
}

/** A topic's questions file parsed and checked, every question sound; refusals name the file. */
function questionsOf(path: string, file: Uint8Array): BundleQuestions['questions'] {
  let json: unknown;
  try {
    json = JSON.parse(decodeText(file, COURSE_BUNDLE_MESSAGES.questionsNotJson(path)));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse(COURSE_BUNDLE_MESSAGES.questionsNotJson(path));
  }
  const parsed = bundleQuestionsSchema.safeParse(json);
  if (parsed.success) return parsed.data.questions;
  throw refuse(
    `${COURSE_BUNDLE_MESSAGES.questionsInvalid(path)}: ${describeZodError(parsed.error)}`,
  );
}

/** A chapter's quiz settings file parsed and checked; refusals name the file. */
function quizOf(path: string, file: Uint8Array): ChapterQuizSettings {
  let json: unknown;
  try {
    json = JSON.parse(decodeText(file, COURSE_BUNDLE_MESSAGES.quizNotJson(path)));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse(COURSE_BUNDLE_MESSAGES.quizNotJson(path));
  }
  const parsed = bundleChapterQuizSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw refuse(`${COURSE_BUNDLE_MESSAGES.quizInvalid(path)}: ${describeZodError(parsed.error)}`);
}

/**
 * A Markdown bundle read completely and checked before anything is stored: the zip within its
 * limits, course.json against its schema, every lesson it names present, UTF-8 and at most
 * CONTENT_MAX_LENGTH characters, every questions file sound questions, every chapter quiz file
 * sound settings, every cover present and an image by its magic bytes. Any
 * failure is a 400 with a message the author can act on.
 */
export function readMarkdownBundle(bytes: Uint8Array): ReadBundle {
  const entries = unzipWithinLimits(bytes);
  const manifest = manifestOf(entries);
  const fileAt = (path: string) => {
    const file = entries.get(path);
    if (!file) throw refuse(COURSE_BUNDLE_MESSAGES.missingFile(path));
    return file;
  };

  const lessons = new Map<string, string>();
  const topics = manifest.subjects.flatMap((s) => s.chapters.flatMap((c) => c.topics));
  for (const { lesson } of topics) {
    if (lesson === null || lessons.has(lesson)) continue;
    const markdown = decodeText(fileAt(lesson), COURSE_BUNDLE_MESSAGES.lessonNotText(lesson));
    if (markdown.length > CONTENT_MAX_LENGTH) {
      throw refuse(COURSE_BUNDLE_MESSAGES.lessonTooLong(lesson));
    }
    lessons.set(lesson, markdown);
  }

  const questions = new Map<string, BundleQuestions['questions']>();
  for (const topic of topics) {
    if (!topic.questions || questions.has(topic.questions)) continue;
    questions.set(topic.questions, questionsOf(topic.questions, fileAt(topic.questions)));
  }

  const quizzes = new Map<string, ChapterQuizSettings>();
  for (const { quiz } of manifest.subjects.flatMap((s) => s.chapters)) {
    if (!quiz || quizzes.has(quiz)) continue;
    quizzes.set(quiz, quizOf(quiz, fileAt(quiz)));
  }

  const images = new Map<string, BundleImage>();
  const imagePaths = [manifest.image, ...manifest.subjects.map((subject) => subject.image)];
  for (const path of imagePaths) {
    if (path === null || images.has(path)) continue;
    const file = fileAt(path);
    if (file.length > COURSE_BUNDLE_LIMITS.imageBytes) {
      throw refuse(COURSE_BUNDLE_MESSAGES.imageTooLarge(path));
    }
    const type = imageTypeOf(file);
    if (!type) throw refuse(COURSE_BUNDLE_MESSAGES.notAnImage(path));
    images.set(path, { ...type, bytes: file });
  }
  return { manifest, lessons, questions, quizzes, images };
}
