import {
  CONTENT_MAX_LENGTH,
  courseNameOfFile,
  generatedChaptersSchema,
  generatedCourseSchema,
  generatedSubjectsSchema,
  generatedTopicsSchema,
  prepareGeneratedLesson,
  type Chapter,
  type Course,
  type CourseSettings,
  type Subject,
  type Topic,
  type GeneratedLesson,
  type RegenerateInput,
} from '@coursecraft/contracts';
import type { ChapterPath, CoursePath, SubjectPath, TopicPath } from '../../lib/firestore/paths';
import type { WriteGuard } from '../../lib/firestore/write-guard';
import { AI_MESSAGES, generateJson, streamText } from '../../lib/gemini/gemini-client';
import { HttpError } from '../../lib/http-error';
import type { BodyReader } from '../../lib/body-reader';
import type { CourseGrounding, GroundingService } from '../grounding';
import { expectLessonWritten, ownedOutline, type FillOutcome, type Outline } from '../outline';
import type { WithGemini } from './gemini-access';
import {
  chaptersPrompt,
  courseFromSourcesPrompt,
  coursePrompt,
  lessonPrompt,
  passageQuery,
  spokenCoursePrompt,
  subjectsPrompt,
  topicsPrompt,
} from './prompts';

/** A regeneration without a body starts over. */
const noInstructions: BodyReader<RegenerateInput> = () => ({});

/** Who follows a lesson being written: told once Gemini is asked, then given each piece. */
export interface LessonListener {
  /** Every check passed (owner, key, lock, request slot) and Gemini is being asked. */
  onStart?: () => void;
  onChunk?: (text: string) => void;
}

export interface GenerationDependencies {
  outline: Outline;
  withGemini: WithGemini;
  /** The course's sources for each request, and the records of what stored lessons cite. */
  grounding: Pick<GroundingService, 'forCourse' | 'recordCitations'>;
}

/** A job's lesson step: how its write ended, and how many citations the check removed. */
export interface FilledLesson {
  outcome: FillOutcome;
  removedCitations: number;
}

/*
 * What each level's passages are chosen by (see `passageQuery`): the node and the levels above
 * it, the items a regeneration with instructions changes, and the instructions. The other nodes
 * of the same level are left out: their material is theirs, and the prompt says so.
 */
const itemNames = (items: readonly { name: string }[] = []) => items.map((item) => item.name);

/** The lock of each node's generation, shared by its button and a whole-course job's step. */
const lockKeys = {
  subjects: ({ courseId }: CoursePath) => `subjects:${courseId}`,
  chapters: (path: SubjectPath) => `chapters:${path.courseId}/${path.subjectId}`,
  topics: (path: ChapterPath) => `topics:${path.courseId}/${path.subjectId}/${path.chapterId}`,
  content: (path: TopicPath) =>
    `content:${path.courseId}/${path.subjectId}/${path.chapterId}/${path.topicId}`,
};

async function streamedLesson(apiKey: string, prompt: string, listener: LessonListener = {}) {
  listener.onStart?.();
  let answer = '';
  for await (const chunk of streamText(apiKey, prompt)) {
    answer += chunk;
    listener.onChunk?.(chunk);
  }
  return finishedLesson(answer);
}

/** The answer as stored (cleaned, dollar math), or a failure if it is not a lesson. */
function finishedLesson(answer: string): string {
  const lesson = prepareGeneratedLesson(answer);
  if (!lesson || lesson.length > CONTENT_MAX_LENGTH) {
    throw new HttpError(502, 'GEMINI_UNAVAILABLE', AI_MESSAGES.invalidAnswer);
  }
  return lesson;
}

/**
 * Drafting a course from text or speech, and generating (or regenerating) a course's subjects,
 * a subject's chapters, a chapter's topics and a topic's lesson, each with the caller's key
 * under the node's lock. Gemini answers first and is validated; only then is anything stored,
 * so a failed generation leaves the old items in place.
 */
export function generationService({ outline, withGemini, grounding }: GenerationDependencies) {
  const owned = ownedOutline(outline);

  /**
   * The course as its subjects are planned: a course with sources and no description first gets
   * one (and a name, unless the author chose one) written from the sources. `store` saves it;
   * the caller calls it only once the subjects are stored, so a failed plan changes nothing.
   */
  async function describedCourse(
    apiKey: string,
    path: CoursePath,
    course: Course,
    sources: CourseGrounding | null,
  ): Promise<{ course: Course; store: () => Promise<unknown> }> {
    const unchanged = { course, store: () => Promise.resolve() };
    if (!sources || course.description.trim() !== '') return unchanged;
    const passages = sources.passages('course', passageQuery([course]));
    if (passages.length === 0) return unchanged;
    const drafted = await generateJson(apiKey, {
      prompt: courseFromSourcesPrompt(course, passages),
      schema: generatedCourseSchema,
    });
    const named = passages.some((passage) => courseNameOfFile(passage.sourceName) === course.name);
    const described = {
      name: named ? drafted.name : course.name,
      description: drafted.description,
    };
    return {
      course: { ...course, ...described },
      store: () => outline.updateCourse(path, described),
    };
  }

  /** Checks a lesson written from sources before it is stored; one without sources is kept. */
  function checkedLesson(lesson: string, sources: CourseGrounding | null) {
    if (!sources) return { markdown: lesson, removed: 0, cited: [] };
    const checked = sources.checkLesson(lesson);
    return { markdown: checked.markdown, removed: checked.removed, cited: checked.cited };
  }

  return {
    async draftCourse(uid: string, authorText: string, settings: CourseSettings): Promise<Course> {
      const drafted = await withGemini(uid, null, (apiKey) =>
        generateJson(apiKey, {
          prompt: coursePrompt(authorText, settings),
          schema: generatedCourseSchema,
        }),
      );
      return outline.createCourse(uid, { ...drafted, settings });
    },

    /**
     * Like draftCourse from a WAV recording and the settings sent with it, read only once the
     * caller may use Gemini.
     */
    async draftCourseFromRecording(
      uid: string,
      readUpload: () => Promise<{ recording: Buffer; settings: CourseSettings }>,
    ): Promise<Course> {
      const { drafted, settings } = await withGemini(uid, null, async (apiKey) => {
        const upload = await readUpload();
        const answer = await generateJson(apiKey, {
          prompt: spokenCoursePrompt(upload.recording, upload.settings),
          schema: generatedCourseSchema,
        });
        return { drafted: answer, settings: upload.settings };
      });
      return outline.createCourse(uid, { ...drafted, settings });
    },

    /**
     * Replaces the course's subjects by Gemini's plan (changed as the author asks, with
     * instructions); the old subjects are deleted nodes, so their covers go through the outline's
     * deletion port.
     */
    async generateSubjects(
      uid: string,
      path: CoursePath,
      readBody: BodyReader<RegenerateInput> = noInstructions,
    ): Promise<Subject[]> {
      const owner = await owned.course(uid, path);
      const { instructions } = readBody();
      const sources = await grounding.forCourse(path.courseId);
      return withGemini(uid, lockKeys.subjects(path), async (apiKey) => {
        const { course, store } = await describedCourse(apiKey, path, owner.course, sources);
        const current = await outline.listSubjects(path);
        const passages = sources?.passages(
          'subjects',
          passageQuery([course], [...itemNames(current), instructions]),
        );
        const answer = await generateJson(apiKey, {
          prompt: subjectsPrompt(course, current, instructions, passages),
          schema: generatedSubjectsSchema,
        });
        const subjects = await outline.replaceSubjects(uid, path, answer.subjects);
        await store();
        return subjects;
      });
    },

    async generateChapters(
      uid: string,
      path: SubjectPath,
      readBody: BodyReader<RegenerateInput> = noInstructions,
    ): Promise<Chapter[]> {
      const { course, subject } = await owned.subject(uid, path);
      const { instructions } = readBody();
      const sources = await grounding.forCourse(path.courseId);
      return withGemini(uid, lockKeys.chapters(path), async (apiKey) => {
        const siblings = await outline.listSubjects(path);
        const change = instructions
          ? { instructions, current: await outline.listChapters(path) }
          : undefined;
        const passages = sources?.passages(
          'chapters',
          passageQuery([course, subject], [...itemNames(change?.current), instructions]),
        );
        const answer = await generateJson(apiKey, {
          prompt: chaptersPrompt(course, subject, siblings, change, passages),
          schema: generatedChaptersSchema,
        });
        return outline.replaceChapters(uid, path, answer.chapters);
      });
    },

    async generateTopics(
      uid: string,
      path: ChapterPath,
      readBody: BodyReader<RegenerateInput> = noInstructions,
    ): Promise<Topic[]> {
      const { course, subject, chapter } = await owned.chapter(uid, path);
      const { instructions } = readBody();
      const sources = await grounding.forCourse(path.courseId);
      return withGemini(uid, lockKeys.topics(path), async (apiKey) => {
        const chapters = await outline.listChapters(path);
        const change = instructions
          ? { instructions, current: await outline.listTopics(path) }
          : undefined;
        const passages = sources?.passages(
          'topics',
          passageQuery([course, subject, chapter], [...itemNames(change?.current), instructions]),
        );
        const answer = await generateJson(apiKey, {
          prompt: topicsPrompt(course, subject, chapter, chapters, change, passages),
          schema: generatedTopicsSchema,
        });
        return outline.replaceTopics(uid, path, answer.topics);
      });
    },

    /**
     * Asks Gemini for the topic's lesson, handing each piece to `listener` as it arrives, and
     * stores the whole answer once it is in (with sources, once its citations are checked: the
     * stored text may differ from the streamed one); resolves with the lesson as stored and the
     * count of citations removed. The topic's lock and the request slot are released before the
     * promise settles, so a client that retries at once after the answer is not refused as a
     * duplicate. Nothing is stored on failure.
     */
    async generateLesson(
      uid: string,
      path: TopicPath,
      listener: LessonListener = {},
      readBody: BodyReader<RegenerateInput> = noInstructions,
    ): Promise<GeneratedLesson> {
      const { course, subject, chapter, topic } = await owned.topic(uid, path);
      const { instructions } = readBody();
      const sources = await grounding.forCourse(path.courseId);
      return withGemini(uid, lockKeys.content(path), async (apiKey) => {
        const topics = await outline.listTopics(path);
        const change = instructions
          ? { instructions, current: (await outline.getContent(path)) ?? '' }
          : undefined;
        const passages = sources?.passages(
          'lessons',
          passageQuery([course, subject, chapter, topic], [instructions]),
        );
        const prompt = lessonPrompt(course, subject, chapter, topic, topics, change, passages);
        const lesson = checkedLesson(await streamedLesson(apiKey, prompt, listener), sources);
        expectLessonWritten(await outline.saveContent(path, lesson.markdown, 'generated'));
        await grounding.recordCitations(path, lesson.cited);
        return { content: lesson.markdown, removed_citations: lesson.removed };
      });
    },

    /*
     * The fills of a whole-course job: each generates one level of one node only while that level
     * is empty, under the same lock as its button, and stores it only while `guard` holds. The
     * level is checked once the lock is held (a button may have filled it meanwhile) and once
     * more in the write's transaction.
     */

    async fillSubjects(uid: string, path: CoursePath, guard: WriteGuard): Promise<FillOutcome> {
      const sources = await grounding.forCourse(path.courseId);
      return withGemini(uid, lockKeys.subjects(path), async (apiKey) => {
        const owner = await owned.course(uid, path);
        if (owner.course.has_subjects) return 'present';
        const { course, store } = await describedCourse(apiKey, path, owner.course, sources);
        const passages = sources?.passages('subjects', passageQuery([course]));
        const answer = await generateJson(apiKey, {
          prompt: subjectsPrompt(course, [], undefined, passages),
          schema: generatedSubjectsSchema,
        });
        const outcome = await outline.fillSubjects(path, answer.subjects, guard);
        if (outcome === 'written') await store();
        return outcome;
      });
    },

    async fillChapters(uid: string, path: SubjectPath, guard: WriteGuard): Promise<FillOutcome> {
      const sources = await grounding.forCourse(path.courseId);
      return withGemini(uid, lockKeys.chapters(path), async (apiKey) => {
        const [{ course, subject }, siblings] = await Promise.all([
          owned.subject(uid, path),
          outline.listSubjects(path),
        ]);
        if (subject.has_chapters) return 'present';
        const passages = sources?.passages('chapters', passageQuery([course, subject]));
        const answer = await generateJson(apiKey, {
          prompt: chaptersPrompt(course, subject, siblings, undefined, passages),
          schema: generatedChaptersSchema,
        });
        return outline.fillChapters(path, answer.chapters, guard);
      });
    },

    async fillTopics(uid: string, path: ChapterPath, guard: WriteGuard): Promise<FillOutcome> {
      const sources = await grounding.forCourse(path.courseId);
      return withGemini(uid, lockKeys.topics(path), async (apiKey) => {
        const [{ course, subject, chapter }, chapters] = await Promise.all([
          owned.chapter(uid, path),
          outline.listChapters(path),
        ]);
        if (chapter.has_topics) return 'present';
        const passages = sources?.passages('topics', passageQuery([course, subject, chapter]));
        const answer = await generateJson(apiKey, {
          prompt: topicsPrompt(course, subject, chapter, chapters, undefined, passages),
          schema: generatedTopicsSchema,
        });
        return outline.fillTopics(path, answer.topics, guard);
      });
    },

    async fillLesson(uid: string, path: TopicPath, guard: WriteGuard): Promise<FilledLesson> {
      const sources = await grounding.forCourse(path.courseId);
      return withGemini(uid, lockKeys.content(path), async (apiKey) => {
        const [{ course, subject, chapter, topic }, topics] = await Promise.all([
          owned.topic(uid, path),
          outline.listTopics(path),
        ]);
        if (topic.has_content) return { outcome: 'present', removedCitations: 0 };
        const passages = sources?.passages(
          'lessons',
          passageQuery([course, subject, chapter, topic]),
        );
        const prompt = lessonPrompt(course, subject, chapter, topic, topics, undefined, passages);
        const lesson = checkedLesson(await streamedLesson(apiKey, prompt), sources);
        const outcome = await outline.fillLesson(path, lesson.markdown, guard);
        if (outcome === 'written') await grounding.recordCitations(path, lesson.cited);
        return { outcome, removedCitations: outcome === 'written' ? lesson.removed : 0 };
      });
    },
  };
}

export type GenerationService = ReturnType<typeof generationService>;
