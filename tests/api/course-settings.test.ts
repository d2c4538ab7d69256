import {
  COURSE_SETTINGS_MESSAGES,
  COURSE_SETTINGS_NOT_JSON,
  DEFAULT_COURSE_SETTINGS,
  type CourseSettings,
} from '@coursecraft/contracts';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../functions/src/lib/firestore/db';
import { courseRef, coursesCollection } from '../../functions/src/lib/firestore/paths';
import { app, author, geminiRequests, promptOf, resetFake, toneWav } from './support/ai';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';

type Client = Awaited<ReturnType<typeof author>>;

const SPANISH: CourseSettings = {
  audience: 'first-year engineering students',
  level: 'Advanced',
  language: 'Español',
  tone: 'Playful',
  lesson_length: 'Long',
  require_quiz_pass: false,
  pass_mark: 80,
};

const putSettings = (client: Client, courseId: string, body: unknown) =>
  request(app)
    .put(`/api/courses/${courseId}/settings`)
    .set(client.auth)
    .send(body as object);

/** The stored `settings` map of a course document, as Firestore holds it. */
async function storedSettings(courseId: string): Promise<unknown> {
  return (await courseRef(db(), { courseId }).get()).get('settings');
}

/** Every setting of `settings` that a prompt about an outline level must carry. */
function expectOutlineSettings(prompt: string | undefined, settings: CourseSettings) {
  expect(prompt).toContain(`Level: ${settings.level}`);
  expect(prompt).toContain(`"${settings.language}"`);
  if (settings.audience) expect(prompt).toContain(`Audience: "${settings.audience}"`);
  else expect(prompt).not.toContain('Audience:');
}

describe('course settings', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  describe('given at creation', () => {
    it('create-manual stores them, and answers them everywhere a course is answered', async () => {
      const client = await author('manual-settings@example.com');
      const created = await client.post('/create-manual', { name: 'Cálculo', settings: SPANISH });
      expect(created.status).toBe(201);
      expect(created.body.settings).toEqual(SPANISH);
      const id = created.body.id as string;
      expect(await storedSettings(id)).toEqual(SPANISH);
      expect((await client.get(`/${id}`)).body.settings).toEqual(SPANISH);
      expect((await client.get('/my-courses')).body[0].settings).toEqual(SPANISH);
    });

    it('create-manual without settings stores the defaults; a field left out takes its own', async () => {
      const client = await author('manual-defaults@example.com');
      const plain = await client.post('/create-manual', { name: 'Plain' });
      expect(plain.body.settings).toEqual(DEFAULT_COURSE_SETTINGS);
      expect(await storedSettings(plain.body.id)).toEqual(DEFAULT_COURSE_SETTINGS);
      const partial = await client.post('/create-manual', {
        name: 'Partial',
        settings: { language: '  Deutsch ', audience: ' nurses ' },
      });
      expect(partial.body.settings).toEqual({
        ...DEFAULT_COURSE_SETTINGS,
        language: 'Deutsch',
        audience: 'nurses',
      });
    });

    it('add_course stores them and drafts the course in their language for their audience', async () => {
      const client = await author('text-settings@example.com');
      const created = await client.post('/add_course', {
        name: 'Signals for engineers',
        settings: SPANISH,
      });
      expect(created.status).toBe(201);
      expect(created.body.settings).toEqual(SPANISH);
      expect(await storedSettings(created.body.id)).toEqual(SPANISH);
      const prompt = promptOf((await geminiRequests())[0]);
      expect(prompt).toContain('Signals for engineers');
      expectOutlineSettings(prompt, SPANISH);
    });

    it('add_course_audio reads them from the JSON text field `settings`', async () => {
      const client = await author('audio-settings@example.com');
      const created = await request(app)
        .post('/api/courses/add_course_audio')
        .set(client.auth)
        .field('settings', JSON.stringify(SPANISH))
        .attach('audio', toneWav(0.5), { filename: 'course_audio.wav', contentType: 'audio/wav' });
      expect(created.status).toBe(201);
      expect(created.body.settings).toEqual(SPANISH);
      expect(await storedSettings(created.body.id)).toEqual(SPANISH);
      const [sent] = await geminiRequests();
      expect(sent?.body.contents.flatMap((c) => c.parts).some((part) => part.inlineData)).toBe(
        true,
      );
      expectOutlineSettings(promptOf(sent), SPANISH);

      const withoutField = await client.upload(toneWav(0.5));
      expect(withoutField.body.settings).toEqual(DEFAULT_COURSE_SETTINGS);
    });

    it.each([
      ['not JSON', '{"level": "Advanced"', COURSE_SETTINGS_NOT_JSON],
      ['JSON but not an object', 'null', 'settings: Invalid input: expected object, received null'],
      [
        'an unknown level',
        '{"level": "Expert"}',
        `settings.level: ${COURSE_SETTINGS_MESSAGES.level}`,
      ],
      [
        'a blank language',
        '{"language": "  "}',
        `settings.language: ${COURSE_SETTINGS_MESSAGES.languageRequired}`,
      ],
      ['far too long', JSON.stringify({ audience: 'x'.repeat(5000) }), COURSE_SETTINGS_NOT_JSON],
    ])(
      'add_course_audio refuses settings that are %s with 400 and creates nothing',
      async (_what, field, message) => {
        const client = await author('audio-bad-settings@example.com');
        const before = await snapshotDatabase();
        const refused = await request(app)
          .post('/api/courses/add_course_audio')
          .set(client.auth)
          .field('settings', field)
          .attach('audio', toneWav(0.5), {
            filename: 'course_audio.wav',
            contentType: 'audio/wav',
          });
        expect([refused.status, refused.body.error]).toEqual([400, message]);
        expect(await snapshotDatabase()).toEqual(before);
        expect(await geminiRequests()).toHaveLength(0);
      },
    );

    it('create-manual and add_course refuse bad settings with 400 and create nothing', async () => {
      const client = await author('bad-create@example.com');
      const before = await snapshotDatabase();
      const manual = await client.post('/create-manual', {
        name: 'X',
        settings: { lesson_length: 'Epic' },
      });
      expect([manual.status, manual.body.error]).toEqual([
        400,
        `settings.lesson_length: ${COURSE_SETTINGS_MESSAGES.lessonLength}`,
      ]);
      const text = await client.post('/add_course', {
        name: 'X',
        settings: { audience: 'a'.repeat(201) },
      });
      expect([text.status, text.body.error]).toEqual([
        400,
        `settings.audience: ${COURSE_SETTINGS_MESSAGES.audienceTooLong}`,
      ]);
      expect(await snapshotDatabase()).toEqual(before);
      expect(await geminiRequests()).toHaveLength(0);
    });
  });

  it('a course stored before settings existed answers the defaults and prompts with them', async () => {
    const client = await author('old-course@example.com');
    const ref = coursesCollection(db()).doc();
    const now = Timestamp.now();
    await ref.create({
      owner_uid: client.uid,
      name: 'Old course',
      description: '',
      image_url: null,
      has_subjects: false,
      created_at: now,
      updated_at: now,
    });
    const read = await client.get(`/${ref.id}`);
    expect(read.status).toBe(200);
    expect(read.body.settings).toEqual(DEFAULT_COURSE_SETTINGS);
    expect((await client.get('/my-courses')).body[0].settings).toEqual(DEFAULT_COURSE_SETTINGS);
    expect(await storedSettings(ref.id)).toBeUndefined();

    const subject = (await client.post(`/${ref.id}/subjects`, { name: 'S' })).body.id as string;
    const chapter = `/${ref.id}/subjects/${subject}/chapters`;
    const chapterId = (await client.post(chapter, { name: 'C' })).body.id as string;
    const topics = `${chapter}/${chapterId}/topics`;
    const topic = (await client.post(topics, { name: 'T' })).body.id as string;
    expect((await client.post(`${topics}/${topic}/generate_content`)).status).toBe(200);
    const prompt = promptOf((await geminiRequests())[0]);
    expect(prompt).toContain('about 600 to 1200 words');
    expect(prompt).toContain('Tone: "Friendly"');
    expect(prompt).toContain('Write in "English"');
    expectOutlineSettings(prompt, DEFAULT_COURSE_SETTINGS);
  });

  describe('PUT /api/courses/{c}/settings', () => {
    it('replaces the settings and answers the course', async () => {
      const client = await author('put-settings@example.com');
      const course = (await client.post('/create-manual', { name: 'Algebra' })).body;
      const saved = await putSettings(client, course.id, SPANISH);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ ...course, settings: SPANISH });
      expect(await storedSettings(course.id)).toEqual(SPANISH);
      expect((await client.get(`/${course.id}`)).body.settings).toEqual(SPANISH);

      const reset = await putSettings(client, course.id, { level: 'Intermediate' });
      expect(reset.body.settings).toEqual({ ...DEFAULT_COURSE_SETTINGS, level: 'Intermediate' });
    });

    it('stores Require passing each chapter quiz both ways; a course stored without it reads true', async () => {
      const client = await author('quiz-pass@example.com');
      const course = (await client.post('/create-manual', { name: 'Algebra' })).body.id as string;
      expect((await client.get(`/${course}`)).body.settings.require_quiz_pass).toBe(true);
      for (const require_quiz_pass of [false, true, false]) {
        const saved = await putSettings(client, course, { ...SPANISH, require_quiz_pass });
        expect(saved.body.settings).toEqual({ ...SPANISH, require_quiz_pass });
        expect(await storedSettings(course)).toEqual({ ...SPANISH, require_quiz_pass });
        expect((await client.get(`/${course}`)).body.settings.require_quiz_pass).toBe(
          require_quiz_pass,
        );
      }
      const refused = await putSettings(client, course, { ...SPANISH, require_quiz_pass: 'yes' });
      expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION']);
      expect(refused.body.details.fields).toEqual({ require_quiz_pass: expect.any(String) });

      // Settings stored before the setting existed: every other field kept, this one on.
      const older = Object.fromEntries(
        Object.entries(SPANISH).filter(([key]) => key !== 'require_quiz_pass'),
      );
      await courseRef(db(), { courseId: course }).update({ settings: older });
      const read = await client.get(`/${course}`);
      expect(read.body.settings).toEqual({ ...SPANISH, require_quiz_pass: true });
      expect((await client.get('/my-courses')).body[0].settings.require_quiz_pass).toBe(true);
      expect(await storedSettings(course)).toEqual(older);
    });

    it('stores the Pass mark; without one it is 70, and a course stored without it reads 70', async () => {
      const client = await author('pass-mark@example.com');
      const course = (await client.post('/create-manual', { name: 'Algebra' })).body.id as string;
      expect((await client.get(`/${course}`)).body.settings.pass_mark).toBe(70);
      for (const pass_mark of [1, 100, 55]) {
        const saved = await putSettings(client, course, { ...SPANISH, pass_mark });
        expect(saved.body.settings).toEqual({ ...SPANISH, pass_mark });
        expect(await storedSettings(course)).toEqual({ ...SPANISH, pass_mark });
        expect((await client.get(`/${course}`)).body.settings.pass_mark).toBe(pass_mark);
        expect((await client.get('/my-courses')).body[0].settings.pass_mark).toBe(pass_mark);
      }
      const without = Object.fromEntries(
        Object.entries(SPANISH).filter(([key]) => key !== 'pass_mark'),
      );
      expect((await putSettings(client, course, without)).body.settings).toEqual({
        ...SPANISH,
        pass_mark: 70,
      });

      // Settings stored before the setting existed: every other field kept, this one 70.
      await courseRef(db(), { courseId: course }).update({ settings: without });
      expect((await client.get(`/${course}`)).body.settings).toEqual({ ...SPANISH, pass_mark: 70 });
      expect((await client.get('/my-courses')).body[0].settings.pass_mark).toBe(70);
      expect(await storedSettings(course)).toEqual(without);
    });

    it('is the owner’s only: other users and unknown ids get 404 and change nothing', async () => {
      const owner = await author('settings-owner@example.com');
      const other = await author('settings-other@example.com');
      const course = (await owner.post('/create-manual', { name: 'Mine' })).body.id as string;
      const before = await snapshotDatabase();
      const foreign = await putSettings(other, course, SPANISH);
      expect([foreign.status, foreign.body.error]).toEqual([404, 'Course not found']);
      // The body is read only after the ownership check: a bad body on a foreign id is still 404.
      expect((await putSettings(other, course, { level: 'Expert' })).status).toBe(404);
      expect((await putSettings(owner, 'x'.repeat(20), SPANISH)).status).toBe(404);
      expect((await putSettings(owner, 'not-an-id', SPANISH)).status).toBe(404);
      const visitor = await request(app).put(`/api/courses/${course}/settings`).send(SPANISH);
      expect(visitor.status).toBe(401);
      expect(await snapshotDatabase()).toEqual(before);
    });

    it.each([
      [{ ...SPANISH, level: 'Expert' }, `level: ${COURSE_SETTINGS_MESSAGES.level}`],
      [
        { ...SPANISH, lesson_length: 'short' },
        `lesson_length: ${COURSE_SETTINGS_MESSAGES.lessonLength}`,
      ],
      [{ ...SPANISH, language: ' ' }, `language: ${COURSE_SETTINGS_MESSAGES.languageRequired}`],
      [
        { ...SPANISH, language: 'x'.repeat(61) },
        `language: ${COURSE_SETTINGS_MESSAGES.languageTooLong}`,
      ],
      [{ ...SPANISH, tone: '' }, `tone: ${COURSE_SETTINGS_MESSAGES.toneRequired}`],
      [{ ...SPANISH, tone: 't'.repeat(61) }, `tone: ${COURSE_SETTINGS_MESSAGES.toneTooLong}`],
      [
        { ...SPANISH, audience: 'a'.repeat(201) },
        `audience: ${COURSE_SETTINGS_MESSAGES.audienceTooLong}`,
      ],
      [{ ...SPANISH, audience: 42 }, 'audience: Invalid input: expected string, received number'],
      [{ ...SPANISH, pass_mark: 0 }, `pass_mark: ${COURSE_SETTINGS_MESSAGES.passMark}`],
      [{ ...SPANISH, pass_mark: 101 }, `pass_mark: ${COURSE_SETTINGS_MESSAGES.passMark}`],
      [{ ...SPANISH, pass_mark: 70.5 }, `pass_mark: ${COURSE_SETTINGS_MESSAGES.passMark}`],
      [{ ...SPANISH, pass_mark: '80' }, `pass_mark: ${COURSE_SETTINGS_MESSAGES.passMark}`],
      [{ ...SPANISH, pass_mark: null }, `pass_mark: ${COURSE_SETTINGS_MESSAGES.passMark}`],
    ])('refuses %j with 400 and changes nothing', async (body, message) => {
      const client = await author('bad-settings@example.com');
      const course = (await client.post('/create-manual', { name: 'Algebra' })).body.id as string;
      const before = await snapshotDatabase();
      const refused = await putSettings(client, course, body);
      expect([refused.status, refused.body.error]).toEqual([400, message]);
      expect(await snapshotDatabase()).toEqual(before);
    });

    it('accepts the longest values and a blank audience', async () => {
      const client = await author('long-settings@example.com');
      const course = (await client.post('/create-manual', { name: 'Algebra' })).body.id as string;
      const longest = {
        audience: 'a'.repeat(200),
        level: 'Intermediate',
        language: 'l'.repeat(60),
        tone: 't'.repeat(60),
        lesson_length: 'Short',
        require_quiz_pass: true,
        pass_mark: 70,
      };
      expect((await putSettings(client, course, longest)).body.settings).toEqual(longest);
      const blank = await putSettings(client, course, { ...longest, audience: '   ' });
      expect(blank.body.settings.audience).toBe('');
    });
  });

  describe('every prompt of every level carries them', () => {
    async function courseWithSettings(client: Client, settings: CourseSettings) {
      const id = (await client.post('/create-manual', { name: 'Signals' })).body.id as string;
      expect((await putSettings(client, id, settings)).status).toBe(200);
      return id;
    }

    it('subjects, chapters, topics and the lesson', async () => {
      const client = await author('prompts@example.com');
      const course = await courseWithSettings(client, SPANISH);
      const subjects = await client.post(`/${course}/generate_subjects`);
      const subject = `/${course}/subjects/${subjects.body[0].id}`;
      const chapters = await client.post(`${subject}/generate_chapters`);
      const chapter = `${subject}/chapters/${chapters.body[0].id}`;
      const topics = await client.post(`${chapter}/generate_topics`);
      const lesson = await client.post(`${chapter}/topics/${topics.body[0].id}/generate_content`);
      expect(lesson.status).toBe(200);

      const [subjectsPrompt, chaptersPrompt, topicsPrompt, lessonPrompt] = (
        await geminiRequests()
      ).map(promptOf);
      for (const prompt of [subjectsPrompt, chaptersPrompt, topicsPrompt, lessonPrompt]) {
        expectOutlineSettings(prompt, SPANISH);
      }
      expect(subjectsPrompt).toContain('Write the names and descriptions in "Español"');
      expect(topicsPrompt).toContain('Write the names in "Español"');
      expect(lessonPrompt).toContain('Write in "Español"');
      expect(lessonPrompt).toContain('Tone: "Playful"');
      expect(lessonPrompt).toContain('about 1200 to 2500 words');
      expect(lessonPrompt).not.toContain('500 to 1200');
    });

    it('a change reaches the next prompt', async () => {
      const client = await author('prompt-change@example.com');
      const course = await courseWithSettings(client, SPANISH);
      const changed: CourseSettings = {
        audience: '',
        level: 'Intermediate',
        language: 'Français',
        tone: 'Concise',
        lesson_length: 'Short',
        require_quiz_pass: true,
        pass_mark: 70,
      };
      expect((await putSettings(client, course, changed)).status).toBe(200);
      const subjects = await client.post(`/${course}/generate_subjects`);
      const subject = `/${course}/subjects/${subjects.body[0].id}`;
      const chapter = (await client.post(`${subject}/chapters`, { name: 'C' })).body.id as string;
      const topics = `${subject}/chapters/${chapter}/topics`;
      const topic = (await client.post(topics, { name: 'T' })).body.id as string;
      await client.post(`${topics}/${topic}/generate_content`);
      const [subjectsPrompt, lessonPrompt] = (await geminiRequests()).map(promptOf);
      expectOutlineSettings(subjectsPrompt, changed);
      expectOutlineSettings(lessonPrompt, changed);
      expect(lessonPrompt).toContain('Tone: "Concise"');
      expect(lessonPrompt).toContain('about 300 to 600 words');
      expect(lessonPrompt).not.toContain('Español');
    });
  });
});
