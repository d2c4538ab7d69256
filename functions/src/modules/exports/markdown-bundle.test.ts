import {
  COURSE_BUNDLE_LIMITS,
  COURSE_BUNDLE_MESSAGES,
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  DEFAULT_COURSE_SETTINGS,
  DESCRIPTION_MAX_LENGTH,
  OUTLINE_NAME_MAX_LENGTH,
  type CourseTree,
} from '@coursecraft/contracts';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { buildMarkdownBundle, bundleFileName, readMarkdownBundle } from './markdown-bundle';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PNG_IMAGE = { bytes: PNG, contentType: 'image/png', extension: 'png' };

const tree: CourseTree = {
  course: {
    id: 'c1',
    name: 'Álgebra: I/II',
    description: 'About it',
    image_url: 'cover',
    has_subjects: true,
    published: false,
    settings: { ...DEFAULT_COURSE_SETTINGS },
  },
  subjects: [
    {
      id: 's1',
      name: 'Algebra',
      description: null,
      image_url: null,
      has_chapters: true,
      chapters: [
        {
          id: 'ch1',
          name: 'Linear equations',
          has_topics: true,
          topics: [
            { id: 't1', name: 'One unknown', has_content: true, content: '# x = 1 \u{1F600}\n' },
            { id: 't2', name: 'One unknown', has_content: true, content: '$$a^2$$' },
            { id: 't3', name: 'Empty', has_content: false, content: null },
          ],
        },
      ],
    },
  ],
};

describe('Markdown bundles', () => {
  it('writes numbered, safe and unique lesson paths and reads the bundle back unchanged', () => {
    const zip = buildMarkdownBundle(tree, { course: PNG_IMAGE, subjects: [null] });
    const files = Object.keys(unzipSync(zip)).sort();
    expect(files).toEqual([
      '01 Algebra/01 Linear equations/01 One unknown.md',
      '01 Algebra/01 Linear equations/02 One unknown.md',
      'course.json',
      'images/course.png',
    ]);
    const read = readMarkdownBundle(zip);
    expect(read.manifest.course.name).toBe('Álgebra: I/II');
    expect(read.manifest.subjects[0]?.chapters[0]?.topics.map((topic) => topic.lesson)).toEqual([
      '01 Algebra/01 Linear equations/01 One unknown.md',
      '01 Algebra/01 Linear equations/02 One unknown.md',
      null,
    ]);
    expect([...read.lessons.values()]).toEqual(['# x = 1 \u{1F600}\n', '$$a^2$$']);
    expect(read.images.get('images/course.png')?.bytes).toEqual(Buffer.from(PNG));
    expect(bundleFileName(tree.course.name)).toBe('algebra-i-ii-markdown.zip');
  });

  it('writes a quiz.json only for quiz settings other than the defaults, and reads it back', () => {
    const own = { ...DEFAULT_CHAPTER_QUIZ_SETTINGS, attempts: 3, shuffle: true };
    const covers = { course: null, subjects: [null] };
    const plain = buildMarkdownBundle(
      tree,
      covers,
      new Map(),
      new Map([['ch1', DEFAULT_CHAPTER_QUIZ_SETTINGS]]),
    );
    expect(Object.keys(unzipSync(plain)).filter((name) => name.endsWith('quiz.json'))).toEqual([]);
    expect(readMarkdownBundle(plain).manifest.subjects[0]?.chapters[0]?.quiz).toBeNull();

    const zip = buildMarkdownBundle(tree, covers, new Map(), new Map([['ch1', own]]));
    const read = readMarkdownBundle(zip);
    const path = '01 Algebra/01 Linear equations/quiz.json';
    expect(read.manifest.subjects[0]?.chapters[0]?.quiz).toBe(path);
    expect(read.quizzes).toEqual(new Map([[path, own]]));

    const files = unzipSync(zip);
    files[path] = strToU8(JSON.stringify({ ...own, pass_mark: 101 }));
    expect(() => readMarkdownBundle(zipSync(files))).toThrow(
      COURSE_BUNDLE_MESSAGES.quizInvalid(path),
    );
  });

  it('refuses a zip that unpacks beyond the limit while inflating, whatever its headers say', () => {
    const nineMegabytes = new Uint8Array(9 * 1024 * 1024);
    const files: Record<string, Uint8Array> = { 'course.json': strToU8('{}') };
    for (let n = 0; n < 7; n += 1) files[`images/${n}.png`] = nineMegabytes;
    const bomb = zipSync(files);
    expect(bomb.length).toBeLessThan(200_000);
    expect(() => readMarkdownBundle(bomb)).toThrow(COURSE_BUNDLE_MESSAGES.tooMuchUnpacked);
  });

  it('refuses a course.json that inflates to 55 MB of empty objects without parsing it', () => {
    const objects = `[${'{},'.repeat((55 * 1024 * 1024) / 3 - 1)}{}]`;
    const bomb = zipSync({ 'course.json': strToU8(objects) });
    expect(bomb.length).toBeLessThan(COURSE_BUNDLE_LIMITS.uploadBytes);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(() => readMarkdownBundle(bomb)).toThrow(COURSE_BUNDLE_MESSAGES.manifestTooLarge);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('refuses each kind of entry past its own cap while inflating', () => {
    const manifest = strToU8('{}');
    const lesson = zipSync({
      'course.json': manifest,
      'a/b.md': new Uint8Array(COURSE_BUNDLE_LIMITS.lessonBytes + 1),
    });
    expect(() => readMarkdownBundle(lesson)).toThrow(
      COURSE_BUNDLE_MESSAGES.lessonTooLong('a/b.md'),
    );
    const other = zipSync({
      'course.json': manifest,
      'notes.bin': new Uint8Array(COURSE_BUNDLE_LIMITS.imageBytes + 1),
    });
    expect(() => readMarkdownBundle(other)).toThrow(
      COURSE_BUNDLE_MESSAGES.fileTooLarge('notes.bin'),
    );
    const image = zipSync({
      'course.json': manifest,
      'images/course.png': new Uint8Array(COURSE_BUNDLE_LIMITS.imageBytes + 1),
    });
    expect(() => readMarkdownBundle(image)).toThrow(
      COURSE_BUNDLE_MESSAGES.imageTooLarge('images/course.png'),
    );
  });

  it('counts the entries the central directory lists before inflating any', () => {
    const files: Record<string, Uint8Array> = {
      // First in the zip: were it inflated before the count, its own cap would answer.
      'course.json': new Uint8Array(COURSE_BUNDLE_LIMITS.manifestBytes + 1),
    };
    for (let n = 0; n < COURSE_BUNDLE_LIMITS.entries; n += 1) files[`${n}.md`] = new Uint8Array();
    expect(() => readMarkdownBundle(zipSync(files))).toThrow(COURSE_BUNDLE_MESSAGES.tooManyEntries);
  });

  it('reads back a course at every limit with its longest names in a 3-byte script', () => {
    const name = (n: number) => String(n).padEnd(OUTLINE_NAME_MAX_LENGTH, '語');
    const big: CourseTree = {
      course: {
        ...tree.course,
        name: name(0),
        description: ''.padEnd(DESCRIPTION_MAX_LENGTH, '語'),
      },
      subjects: Array.from({ length: COURSE_BUNDLE_LIMITS.subjects }, (_, s) => ({
        id: `s${s}`,
        name: name(s),
        description: ''.padEnd(DESCRIPTION_MAX_LENGTH, '語'),
        image_url: null,
        has_chapters: true,
        chapters: Array.from({ length: 5 }, (_, c) => ({
          id: `c${c}`,
          name: name(c),
          has_topics: true,
          topics: Array.from({ length: 2 }, (_, t) => ({
            id: `t${t}`,
            name: name(t),
            has_content: true,
            content: 'x',
          })),
        })),
      })),
    };
    const read = readMarkdownBundle(buildMarkdownBundle(big, { course: null, subjects: [] }));
    expect(read.lessons.size).toBe(COURSE_BUNDLE_LIMITS.topics);
  });

  it('refuses what is not a zip, and paths that leave the bundle', () => {
    expect(() => readMarkdownBundle(strToU8('hello'))).toThrow(COURSE_BUNDLE_MESSAGES.notAZip);
    const manifest = JSON.parse(
      new TextDecoder().decode(
        unzipSync(buildMarkdownBundle(tree, { course: null, subjects: [] }))['course.json'],
      ),
    );
    for (const path of ['../x.md', '/etc/passwd', 'a\\b.md', 'a//b.md', 'C:/x.md']) {
      manifest.subjects[0].chapters[0].topics[0].lesson = path;
      const zip = zipSync({ 'course.json': strToU8(JSON.stringify(manifest)) });
      expect(() => readMarkdownBundle(zip), path).toThrow(COURSE_BUNDLE_MESSAGES.unsafePath);
    }
  });
});
