import {
  COURSE_BUNDLE_LIMITS,
  COURSE_BUNDLE_MESSAGES,
  CONTENT_MAX_LENGTH,
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  QUESTION_MESSAGES,
  QUESTIONS_PER_TOPIC_MAX,
  QUIZ_MESSAGES,
  courseSchema,
  type ChapterQuizSettings,
  type CourseBundleInput,
  type Question,
} from '@coursecraft/contracts';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { outlineRepository } from '../../functions/src/modules/outline';
import { questionsRepository } from '../../functions/src/modules/questions';
import { BUNDLE_NOT_STORED } from '../../functions/src/modules/exports/exports-service';
import { app, author, resetFake, resetImages, storedImages } from './support/ai';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';
import { inputOf, QUESTION_INPUTS } from './support/questions';

type Client = Awaited<ReturnType<typeof author>>;
type Api = typeof app;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** The body of a binary answer, whatever its type. */
function binary(response: request.Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

async function exportBundle(client: Client, course: string, api: Api = app) {
  const response = await request(api)
    .get(`/api/courses/${course}/export/markdown`)
    .set(client.auth)
    .buffer(true)
    .parse(binary);
  expect(response.status, String(response.body)).toBe(200);
  return response;
}

const importBundle = (client: Client, bytes: Uint8Array, api: Api = app) =>
  request(api).post('/api/courses/import').set(client.auth).attach('bundle', Buffer.from(bytes), {
    filename: 'course.zip',
    contentType: 'application/zip',
  });

const manifestOf = (files: Record<string, Uint8Array>) =>
  JSON.parse(Buffer.from(files['course.json'] ?? []).toString('utf8')) as CourseBundleInput;

/** The manifest without the ids, which an import draws anew. */
function withoutIds(manifest: CourseBundleInput) {
  return {
    ...manifest,
    course: { ...manifest.course, id: undefined },
    subjects: manifest.subjects.map((subject) => ({
      ...subject,
      id: undefined,
      chapters: subject.chapters.map((chapter) => ({
        ...chapter,
        id: undefined,
        topics: chapter.topics.map((topic) => ({ ...topic, id: undefined })),
      })),
    })),
  };
}

const LESSONS = {
  unicode: 'Ünïcödé — 日本語, emoji 👩‍👩‍👧‍👦, RTL \u202eטקסט\n\n  indented,  spaced  and\ttabbed',
  math: '## Quadratics\n\n$$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$$ and inline $e^{i\\pi} = -1$.',
  mermaid: '# Flow\n\n```mermaid\ngraph TD\n  A[Start] --> B{x > 0?}\n  B -->|yes| C[Done]\n```',
  cited: [
    'Isolate first.[^1] Then test with a meter.[^2]',
    '',
    '[^1]: Safety Handbook.pdf, page 12: "Always isolate the circuit before opening the panel."',
    '[^2]: Notes.docx, section “Wiring”: "Test every conductor…before touching it."',
  ].join('\n'),
};

/** A course of two subjects (one with a cover and a description), chapters, lessons and a topic without one. */
async function sampleCourse(client: Client) {
  const post = async (path: string, body: object) => {
    const response = await client.post(path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  };
  const course = await post('/create-manual', {
    name: 'Álgebra: équations / inéquations',
    description: 'Solve for x',
    settings: {
      audience: 'teens',
      level: 'Intermediate',
      language: 'Français',
      tone: 'Concise',
      pass_mark: 85,
    },
  });
  const algebra = await post(`/${course}/subjects`, { name: 'Algebra', description: 'Letters' });
  const geometry = await post(`/${course}/subjects`, { name: 'Geo/metry: "shapes"' });
  const linear = await post(`/${course}/subjects/${algebra}/chapters`, {
    name: 'Linear equations',
  });
  const quadratic = await post(`/${course}/subjects/${algebra}/chapters`, { name: 'Quadratics' });
  const angles = await post(`/${course}/subjects/${geometry}/chapters`, { name: 'Angles' });
  const topics = async (chapter: string, subject: string, names: string[]) => {
    const ids: string[] = [];
    for (const name of names) {
      ids.push(await post(`/${course}/subjects/${subject}/chapters/${chapter}/topics`, { name }));
    }
    return ids;
  };
  const [one, two] = await topics(linear, algebra, ['One unknown', 'One unknown']);
  const [formula] = await topics(quadratic, algebra, ['The formula']);
  const [flow, empty] = await topics(angles, geometry, ['Flowchart', 'Not written yet']);
  const lesson = async (subject: string, chapter: string, topic: string, content: string) => {
    await post(`/${course}/subjects/${subject}/chapters/${chapter}/topics/${topic}/content`, {
      content,
    });
  };
  await lesson(algebra, linear, one ?? '', LESSONS.unicode);
  await lesson(algebra, linear, two ?? '', LESSONS.cited);
  await lesson(algebra, quadratic, formula ?? '', LESSONS.math);
  await lesson(geometry, angles, flow ?? '', LESSONS.mermaid);
  expect(empty).toBeTruthy();
  expect((await client.images(`/${course}/generate`)).status).toBe(200);
  expect((await client.images(`/${course}/subjects/${algebra}/generate`)).status).toBe(200);
  return course;
}

/** The sample course's course.json, written out here (ids aside): what an export must say. */
const SAMPLE_OUTLINE = {
  format: 'coursecraft-markdown',
  version: 1,
  course: {
    name: 'Álgebra: équations / inéquations',
    description: 'Solve for x',
    settings: {
      audience: 'teens',
      level: 'Intermediate',
      language: 'Français',
      tone: 'Concise',
      pass_mark: 85,
    },
  },
  image: 'images/course.png',
  subjects: [
    {
      name: 'Algebra',
      description: 'Letters',
      image: 'images/subjects/01.png',
      chapters: [
        {
          name: 'Linear equations',
          topics: [
            { name: 'One unknown', lesson: '01 Algebra/01 Linear equations/01 One unknown.md' },
            { name: 'One unknown', lesson: '01 Algebra/01 Linear equations/02 One unknown.md' },
          ],
        },
        {
          name: 'Quadratics',
          topics: [{ name: 'The formula', lesson: '01 Algebra/02 Quadratics/01 The formula.md' }],
        },
      ],
    },
    {
      name: 'Geo/metry: "shapes"',
      image: null,
      chapters: [
        {
          name: 'Angles',
          topics: [
            { name: 'Flowchart', lesson: '02 Geo-metry- -shapes/01 Angles/01 Flowchart.md' },
            { name: 'Not written yet', lesson: null },
          ],
        },
      ],
    },
  ],
};

/** The sample course's lessons by their path in the bundle, written out here. */
const SAMPLE_LESSON_FILES = {
  '01 Algebra/01 Linear equations/01 One unknown.md': LESSONS.unicode,
  '01 Algebra/01 Linear equations/02 One unknown.md': LESSONS.cited,
  '01 Algebra/02 Quadratics/01 The formula.md': LESSONS.math,
  '02 Geo-metry- -shapes/01 Angles/01 Flowchart.md': LESSONS.mermaid,
};

/** A bundle says what the test wrote: the outline above and each lesson byte for byte. */
function expectSampleBundle(files: Record<string, Uint8Array>) {
  expect(manifestOf(files)).toMatchObject(SAMPLE_OUTLINE);
  for (const [path, text] of Object.entries(SAMPLE_LESSON_FILES)) {
    expect(Buffer.from(files[path] ?? []).toString('utf8'), path).toBe(text);
  }
}

describe('Markdown bundle: export and import', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
  });

  it('export → import → export gives the same course.json, lessons and covers', async () => {
    const client = await author('bundler@example.com');
    const course = await sampleCourse(client);

    const first = await exportBundle(client, course);
    expect(first.headers['content-type']).toBe('application/zip');
    expect(first.headers['content-disposition']).toBe(
      'attachment; filename="algebra-equations-inequations-markdown.zip"',
    );
    const firstFiles = unzipSync(first.body as Buffer);
    const firstManifest = manifestOf(firstFiles);
    console.log(
      `Markdown bundle of the sample course: ${(first.body as Buffer).length} bytes, ` +
        `${Object.keys(firstFiles).length} files`,
    );
    expect(Object.keys(firstFiles).sort()).toEqual([
      '01 Algebra/01 Linear equations/01 One unknown.md',
      '01 Algebra/01 Linear equations/02 One unknown.md',
      '01 Algebra/02 Quadratics/01 The formula.md',
      '02 Geo-metry- -shapes/01 Angles/01 Flowchart.md',
      'course.json',
      'images/course.png',
      'images/subjects/01.png',
    ]);
    expect(
      Buffer.from(firstFiles['01 Algebra/01 Linear equations/01 One unknown.md'] ?? []),
    ).toEqual(Buffer.from(LESSONS.unicode, 'utf8'));
    expect(firstManifest.subjects[1]?.chapters[0]?.topics[1]).toMatchObject({ lesson: null });
    expectSampleBundle(firstFiles);
    // Citations stay markdown footnotes: the markers and their definitions.
    const cited = Buffer.from(
      firstFiles['01 Algebra/01 Linear equations/02 One unknown.md'] ?? [],
    ).toString('utf8');
    expect(cited).toContain('Isolate first.[^1] Then test with a meter.[^2]');
    expect(cited).toContain(
      '\n[^1]: Safety Handbook.pdf, page 12: "Always isolate the circuit before opening the panel."',
    );
    expect(cited).toContain('\n[^2]: Notes.docx, section “Wiring”:');

    const imported = await importBundle(client, first.body as Buffer);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = courseSchema.parse(imported.body);
    expect(copy.id).not.toBe(course);
    expect(copy).toMatchObject({ name: 'Álgebra: équations / inéquations', has_subjects: true });
    expect(copy.settings.pass_mark).toBe(85);
    expect(copy.image_url).toMatch(new RegExp(`courses/${copy.id}/cover/`));
    const listed = (await client.get('')).body as { id: string }[];
    expect(listed.map((item) => item.id).sort()).toEqual([course, copy.id].sort());

    const second = await exportBundle(client, copy.id);
    const secondFiles = unzipSync(second.body as Buffer);
    expectSampleBundle(secondFiles);
    expect(withoutIds(manifestOf(secondFiles))).toEqual(withoutIds(firstManifest));
    expect(Object.keys(secondFiles).sort()).toEqual(Object.keys(firstFiles).sort());
    for (const [path, bytes] of Object.entries(firstFiles)) {
      if (path === 'course.json') continue;
      expect(Buffer.from(secondFiles[path] ?? []).equals(Buffer.from(bytes)), path).toBe(true);
    }

    // The imported lessons are ordinary lessons with a first version in their history.
    const subjects = (await client.get(`/${copy.id}/subjects`)).body as { id: string }[];
    const chapters = (await client.get(`/${copy.id}/subjects/${subjects[0]?.id}/chapters`))
      .body as { id: string }[];
    const chapterPath = `/${copy.id}/subjects/${subjects[0]?.id}/chapters/${chapters[0]?.id}`;
    const topics = (await client.get(`${chapterPath}/topics`)).body as { id: string }[];
    const versions = await client.get(`${chapterPath}/topics/${topics[0]?.id}/content/versions`);
    expect(versions.status).toBe(200);
    expect(JSON.stringify(versions.body)).toContain('edited');
    expect((await client.get(`${chapterPath}/topics/${topics[0]?.id}/content`)).body).toBe(
      LESSONS.unicode,
    );
  });

  it('carries every type of question through export and import', async () => {
    const client = await author('quizzer@example.com', { withKey: false });
    const courseId = (await client.post('/create-manual', { name: 'Tides' })).body.id as string;
    const s = `/${courseId}/subjects/${(await client.post(`/${courseId}/subjects`, { name: 'S' })).body.id}`;
    const ch = `${s}/chapters/${(await client.post(`${s}/chapters`, { name: 'C' })).body.id}`;
    const topicIds: string[] = [];
    for (const name of ['With all', 'Without', 'With one']) {
      topicIds.push((await client.post(`${ch}/topics`, { name })).body.id as string);
    }
    const topicPath = (id: string | undefined) => `${ch}/topics/${id}`;
    await client.post(`${topicPath(topicIds[0])}/content`, { content: '# Tides' }).expect(201);
    for (const input of QUESTION_INPUTS) {
      await client.post(`${topicPath(topicIds[0])}/questions`, input).expect(201);
    }
    // A generated question stays generated, so a regeneration after the import replaces it.
    const [, subjectId = '', , chapterId = ''] = ch.split('/').slice(2);
    const generated: Question = {
      ...inputOf('true_false'),
      id: 'G'.repeat(20),
      origin: 'generated',
    };
    await questionsRepository().update(
      { courseId, subjectId, chapterId, topicId: topicIds[2] ?? '' },
      (current) => [...current, generated],
    );
    const questionsOf = async (path: string) =>
      ((await client.get(`${path}/questions`)).body as { questions: Question[] }).questions;
    const original = await Promise.all(topicIds.map((id) => questionsOf(topicPath(id))));
    expect(original.map((list) => list.length)).toEqual([QUESTION_INPUTS.length, 0, 1]);

    const files = unzipSync((await exportBundle(client, courseId)).body as Buffer);
    const topics = manifestOf(files).subjects[0]?.chapters[0]?.topics;
    expect(topics?.map((topic) => topic.questions)).toEqual([
      '01 S/01 C/01 With all.questions.json',
      null,
      '01 S/01 C/03 With one.questions.json',
    ]);
    const file = JSON.parse(
      Buffer.from(files['01 S/01 C/01 With all.questions.json'] ?? []).toString('utf8'),
    ) as { questions: Question[] };
    expect(file.questions).toEqual(original[0]);

    const imported = await importBundle(client, zipSync(files));
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = courseSchema.parse(imported.body).id;
    const copySubject = ((await client.get(`/${copy}/subjects`)).body as { id: string }[])[0]?.id;
    const copyChapter = (
      (await client.get(`/${copy}/subjects/${copySubject}/chapters`)).body as { id: string }[]
    )[0]?.id;
    const copyCh = `/${copy}/subjects/${copySubject}/chapters/${copyChapter}`;
    const copyTopics = (await client.get(`${copyCh}/topics`)).body as { id: string }[];
    const copied = await Promise.all(
      copyTopics.map((topic) => questionsOf(`${copyCh}/topics/${topic.id}`)),
    );
    const withoutQuestionIds = (lists: Question[][]) =>
      lists.map((list) => list.map(({ id: _id, ...rest }) => rest));
    expect(withoutQuestionIds(copied)).toEqual(withoutQuestionIds(original));
    for (const question of copied.flat()) expect(question.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(copied.flat().map((q) => q.id)).not.toContain(generated.id);
  });

  it('carries chapter quiz settings other than the defaults through export and import', async () => {
    const client = await author('quiz-bundle@example.com', { withKey: false });
    const courseId = (await client.post('/create-manual', { name: 'Tides' })).body.id as string;
    const s = `/${courseId}/subjects/${(await client.post(`/${courseId}/subjects`, { name: 'S' })).body.id}`;
    const chapters: string[] = [];
    for (const name of ['Own', 'Saved default', 'Never saved']) {
      chapters.push(`${s}/chapters/${(await client.post(`${s}/chapters`, { name })).body.id}`);
    }
    const own: ChapterQuizSettings = {
      questions_per_attempt: 4,
      pass_mark: 90,
      attempts: 2,
      shuffle: true,
      show_answers_after: 'never',
    };
    const quizOf = async (chapter: string | undefined) =>
      ((await client.get(`${chapter}/quiz`)).body as { settings: ChapterQuizSettings }).settings;
    const putQuiz = (chapter: string | undefined, settings: ChapterQuizSettings) =>
      request(app).put(`/api/courses${chapter}/quiz`).set(client.auth).send(settings).expect(200);
    await putQuiz(chapters[0], own);
    await putQuiz(chapters[1], DEFAULT_CHAPTER_QUIZ_SETTINGS);

    const files = unzipSync((await exportBundle(client, courseId)).body as Buffer);
    const listed = manifestOf(files).subjects[0]?.chapters.map((chapter) => chapter.quiz);
    expect(listed).toEqual(['01 S/01 Own/quiz.json', null, null]);
    expect(Object.keys(files).filter((name) => name.endsWith('quiz.json'))).toEqual([
      '01 S/01 Own/quiz.json',
    ]);
    expect(JSON.parse(Buffer.from(files['01 S/01 Own/quiz.json'] ?? []).toString('utf8'))).toEqual(
      own,
    );

    const imported = await importBundle(client, zipSync(files));
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = courseSchema.parse(imported.body).id;
    const copySubject = ((await client.get(`/${copy}/subjects`)).body as { id: string }[])[0]?.id;
    const copyChapters = (
      (await client.get(`/${copy}/subjects/${copySubject}/chapters`)).body as { id: string }[]
    ).map((chapter) => `/${copy}/subjects/${copySubject}/chapters/${chapter.id}`);
    expect(await Promise.all(copyChapters.map(quizOf))).toEqual([
      own,
      DEFAULT_CHAPTER_QUIZ_SETTINGS,
      DEFAULT_CHAPTER_QUIZ_SETTINGS,
    ]);
  });

  it('imports a bundle made before the Pass mark existed with the Pass mark 70', async () => {
    const client = await author('old-bundle@example.com', { withKey: false });
    const imported = await importBundle(client, bundleOf(manifest()));
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(courseSchema.parse(imported.body).settings.pass_mark).toBe(70);
  });

  it('leaves out a cover that cannot be read', async () => {
    const client = await author('coverless@example.com');
    const course = (await client.post('/create-manual', { name: 'Plain' })).body.id as string;
    expect((await client.images(`/${course}/generate`)).status).toBe(200);
    await resetImages();
    const files = unzipSync((await exportBundle(client, course)).body as Buffer);
    expect(Object.keys(files)).toEqual(['course.json']);
    expect(manifestOf(files).image).toBeNull();
  });

  it('exports only the owner’s courses', async () => {
    const owner = await author('owner@example.com');
    const other = await author('other@example.com', { withKey: false });
    const course = (await owner.post('/create-manual', { name: 'Mine' })).body.id as string;
    const response = await request(app)
      .get(`/api/courses/${course}/export/markdown`)
      .set(other.auth);
    expect(response.status).toBe(404);
  });
});

// --- Refused bundles ------------------------------------------------------------------------

const encode = (value: unknown) => strToU8(JSON.stringify(value));

function manifest(overrides: Partial<CourseBundleInput> = {}): CourseBundleInput {
  return {
    format: 'coursecraft-markdown',
    version: 1,
    course: { id: 'c', name: 'Course', description: '', settings: {} },
    image: null,
    subjects: [
      {
        id: 's',
        name: 'Subject',
        description: null,
        image: null,
        chapters: [{ id: 'ch', name: 'Chapter', topics: [{ id: 't', name: 'T', lesson: 'a.md' }] }],
      },
    ],
    ...overrides,
  };
}

/** A bundle of `course.json` (this manifest) and the given files. */
const bundleOf = (value: CourseBundleInput, files: Zippable = { 'a.md': strToU8('# A') }) =>
  zipSync({ 'course.json': encode(value), ...files });

const withLesson = (lesson: string) =>
  manifest({
    subjects: [
      {
        id: 's',
        name: 'S',
        description: null,
        image: null,
        chapters: [{ id: 'ch', name: 'C', topics: [{ id: 't', name: 'T', lesson }] }],
      },
    ],
  });

/** A zip whose first file inflates to `bytes` zeros while its header claims 10 bytes. */
/**
 * Files of zeros adding up to more than `bytes`, each under the cap of a single file, so only the
 * total limit can refuse them.
 */
function zeroFiles(bytes: number): Record<string, Uint8Array> {
  const each = 9 * 1024 * 1024;
  const count = Math.ceil(bytes / each);
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`zeros-${index}.bin`, new Uint8Array(each)]),
  );
}

/** A zip bomb whose first file's header claims 10 bytes. */
function lyingBomb(bytes: number): Uint8Array {
  const zip = zipSync({ ...zeroFiles(bytes), 'course.json': encode(manifest()) });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  expect(view.getUint32(0, true)).toBe(0x04034b50);
  view.setUint32(22, 10, true);
  return zip;
}

function manyTopics(count: number): CourseBundleInput {
  const topics = Array.from({ length: count }, (_, index) => ({
    id: String(index),
    name: `T${index}`,
    lesson: null,
  }));
  return manifest({
    subjects: [
      {
        id: 's',
        name: 'S',
        description: null,
        image: null,
        chapters: [{ id: 'ch', name: 'C', topics }],
      },
    ],
  });
}

/** A course.json of one topic whose questions are in `q.json`. */
const questionsManifest = () =>
  manifest({
    subjects: [
      {
        id: 's',
        name: 'S',
        description: null,
        image: null,
        chapters: [
          {
            id: 'ch',
            name: 'C',
            topics: [{ id: 't', name: 'T', lesson: null, questions: 'q.json' }],
          },
        ],
      },
    ],
  });

/** That bundle with `q.json` holding `questions` (JSON, or the text given). */
const withQuestions = (questions: unknown) =>
  bundleOf(questionsManifest(), {
    'q.json': typeof questions === 'string' ? strToU8(questions) : encode(questions),
  });
const asStored = (input: object) => ({ ...input, id: 'x', origin: 'author' });

/** A course.json of one chapter whose quiz settings are in `Q/quiz.json`, beside sound questions. */
const withQuiz = (quiz: unknown) => {
  const withQuestionsFile = questionsManifest();
  const chapter = withQuestionsFile.subjects[0]?.chapters[0];
  if (chapter) chapter.quiz = 'Q/quiz.json';
  return bundleOf(withQuestionsFile, {
    'q.json': encode({ questions: [asStored(inputOf('true_false'))] }),
    ...(quiz === undefined
      ? {}
      : { 'Q/quiz.json': typeof quiz === 'string' ? strToU8(quiz) : encode(quiz) }),
  });
};
const QUIZ: ChapterQuizSettings = { ...DEFAULT_CHAPTER_QUIZ_SETTINGS, attempts: 3 };

const REFUSED: [string, () => Uint8Array, number, string][] = [
  [
    'a chapter quiz file that is not JSON',
    () => withQuiz('{"pass_mark": '),
    400,
    COURSE_BUNDLE_MESSAGES.quizNotJson('Q/quiz.json'),
  ],
  [
    'a chapter quiz file with a pass mark out of range',
    () => withQuiz({ ...QUIZ, pass_mark: 0 }),
    400,
    `${COURSE_BUNDLE_MESSAGES.quizInvalid('Q/quiz.json')}: pass_mark: ${QUIZ_MESSAGES.passMarkRange}`,
  ],
  [
    'a chapter quiz file with a key it does not know',
    () => withQuiz({ ...QUIZ, timer: 60 }),
    400,
    COURSE_BUNDLE_MESSAGES.quizInvalid('Q/quiz.json'),
  ],
  [
    'a chapter quiz file missing from the zip',
    () => withQuiz(undefined),
    400,
    COURSE_BUNDLE_MESSAGES.missingFile('Q/quiz.json'),
  ],
  [
    'a questions file that is not JSON',
    () => withQuestions('{"questions": ['),
    400,
    COURSE_BUNDLE_MESSAGES.questionsNotJson('q.json'),
  ],
  [
    'a questions file with an unsound question',
    () => {
      const single = inputOf('single_choice');
      const unsound = { ...single, options: single.options.map((o) => ({ ...o, correct: true })) };
      return withQuestions({ questions: [asStored(inputOf('true_false')), asStored(unsound)] });
    },
    400,
    `${COURSE_BUNDLE_MESSAGES.questionsInvalid('q.json')}: questions.1: ${QUESTION_MESSAGES.singleNeedsOne}`,
  ],
  [
    'a questions file of another shape',
    () => withQuestions([asStored(inputOf('true_false'))]),
    400,
    COURSE_BUNDLE_MESSAGES.questionsInvalid('q.json'),
  ],
  [
    `a questions file of ${QUESTIONS_PER_TOPIC_MAX + 1} questions`,
    () =>
      withQuestions({
        questions: Array.from({ length: QUESTIONS_PER_TOPIC_MAX + 1 }, () =>
          asStored(inputOf('true_false')),
        ),
      }),
    400,
    COURSE_BUNDLE_MESSAGES.questionsInvalid('q.json'),
  ],
  [
    'a questions file missing from the zip',
    () => bundleOf(questionsManifest(), {}),
    400,
    COURSE_BUNDLE_MESSAGES.missingFile('q.json'),
  ],
  ['not a zip', () => strToU8('Just some text, not a zip.'), 400, COURSE_BUNDLE_MESSAGES.notAZip],
  ['a PNG', () => PNG, 400, COURSE_BUNDLE_MESSAGES.notAZip],
  [
    'a damaged zip',
    () => bundleOf(manifest()).subarray(0, 60),
    400,
    COURSE_BUNDLE_MESSAGES.damaged,
  ],
  [
    'no course.json',
    () => zipSync({ 'a.md': strToU8('# A') }),
    400,
    COURSE_BUNDLE_MESSAGES.noManifest,
  ],
  [
    'course.json not JSON',
    () => zipSync({ 'course.json': strToU8('{"format": "coursecraft-markdown",') }),
    400,
    COURSE_BUNDLE_MESSAGES.manifestNotJson,
  ],
  [
    'course.json of another format',
    () => bundleOf({ ...manifest(), format: 'scorm' as 'coursecraft-markdown' }),
    400,
    COURSE_BUNDLE_MESSAGES.manifestInvalid,
  ],
  [
    'course.json with wrong types',
    () => bundleOf({ ...manifest(), subjects: 'none' as unknown as [] }),
    400,
    COURSE_BUNDLE_MESSAGES.manifestInvalid,
  ],
  [
    'a name too long',
    () =>
      bundleOf(
        manifest({ course: { id: 'c', name: 'x'.repeat(201), description: '', settings: {} } }),
      ),
    400,
    'Name must be at most 200 characters',
  ],
  [
    'a lesson too long',
    () => bundleOf(manifest(), { 'a.md': strToU8('x'.repeat(CONTENT_MAX_LENGTH + 1)) }),
    400,
    COURSE_BUNDLE_MESSAGES.lessonTooLong('a.md'),
  ],
  [
    'a lesson that is not UTF-8',
    () => bundleOf(manifest(), { 'a.md': Uint8Array.from([0x23, 0x20, 0xff, 0xfe]) }),
    400,
    COURSE_BUNDLE_MESSAGES.lessonNotText('a.md'),
  ],
  [
    'a lesson path with ..',
    () => bundleOf(withLesson('../a.md')),
    400,
    COURSE_BUNDLE_MESSAGES.unsafePath,
  ],
  [
    'an absolute lesson path',
    () => bundleOf(withLesson('/a.md')),
    400,
    COURSE_BUNDLE_MESSAGES.unsafePath,
  ],
  [
    'a lesson path with a backslash',
    () => bundleOf(withLesson('x\\a.md')),
    400,
    COURSE_BUNDLE_MESSAGES.unsafePath,
  ],
  [
    'an image path with ..',
    () => bundleOf(manifest({ image: 'images/../../cover.png' }), { 'a.md': strToU8('#') }),
    400,
    COURSE_BUNDLE_MESSAGES.unsafePath,
  ],
  [
    'a lesson missing from the zip',
    () => bundleOf(withLesson('b.md')),
    400,
    COURSE_BUNDLE_MESSAGES.missingFile('b.md'),
  ],
  [
    'an image missing from the zip',
    () => bundleOf(manifest({ image: 'images/course.png' })),
    400,
    COURSE_BUNDLE_MESSAGES.missingFile('images/course.png'),
  ],
  [
    'an image that is not one',
    () =>
      bundleOf(manifest({ image: 'images/course.png' }), {
        'a.md': strToU8('#'),
        'images/course.png': strToU8('<svg onload="alert(1)"/>'),
      }),
    400,
    COURSE_BUNDLE_MESSAGES.notAnImage('images/course.png'),
  ],
  [
    'a zip bomb',
    () => bundleOf(manifest(), zeroFiles(COURSE_BUNDLE_LIMITS.unpackedBytes + 1)),
    400,
    COURSE_BUNDLE_MESSAGES.tooMuchUnpacked,
  ],
  [
    'a zip bomb whose header lies',
    () => lyingBomb(COURSE_BUNDLE_LIMITS.unpackedBytes + 1),
    400,
    COURSE_BUNDLE_MESSAGES.tooMuchUnpacked,
  ],
  [
    'too many files',
    () =>
      bundleOf(
        manifest(),
        Object.fromEntries(
          Array.from({ length: COURSE_BUNDLE_LIMITS.entries + 1 }, (_, i) => [
            `${i}.md`,
            strToU8(''),
          ]),
        ),
      ),
    400,
    COURSE_BUNDLE_MESSAGES.tooManyEntries,
  ],
  [
    'too many topics',
    () => bundleOf(manyTopics(COURSE_BUNDLE_LIMITS.topics + 1)),
    400,
    COURSE_BUNDLE_MESSAGES.tooManyTopics,
  ],
  [
    'an upload over the size cap',
    () => new Uint8Array(COURSE_BUNDLE_LIMITS.uploadBytes + 1024).fill(7),
    413,
    COURSE_BUNDLE_MESSAGES.tooLarge,
  ],
];

describe('Markdown bundle: refused imports create nothing', () => {
  let client: Client;

  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
    client = await author('importer@example.com');
    await sampleCourse(client);
  });

  async function expectNothingCreated(send: () => Promise<request.Response>) {
    const documents = await snapshotDatabase();
    const images = await storedImages();
    const response = await send();
    expect({ documents: await snapshotDatabase(), images: await storedImages() }).toEqual({
      documents,
      images,
    });
    return response;
  }

  it.each(REFUSED)('refuses %s', { timeout: 60_000 }, async (_what, build, status, message) => {
    const response = await expectNothingCreated(() => importBundle(client, build()));
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(String(response.body.error)).toContain(message);
  });

  it('refuses an upload without the bundle field', async () => {
    const response = await expectNothingCreated(() =>
      request(app)
        .post('/api/courses/import')
        .set(client.auth)
        .attach('file', Buffer.from(bundleOf(manifest())), 'course.zip'),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(COURSE_BUNDLE_MESSAGES.missing);
  });

  it('deletes the documents and covers it wrote when writing the tree fails', async () => {
    const real = outlineRepository();
    const failing = createApp({
      outlineRepository: {
        ...real,
        writeCourseTree: async (...args) => {
          await real.writeCourseTree(...args);
          throw new Error('Firestore went away after the last batch');
        },
      },
    });
    const exported = await exportBundle(client, (await client.get('')).body[0].id as string);
    const response = await expectNothingCreated(() =>
      importBundle(client, exported.body as Buffer, failing),
    );
    expect(response.status).toBe(503);
    expect(response.body.error).toBe(BUNDLE_NOT_STORED);
  });
});
