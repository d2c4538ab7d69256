import {
  COURSE_BUNDLE_LIMITS,
  COURSE_BUNDLE_MESSAGES,
  DEFAULT_COURSE_SETTINGS,
  type CourseTree,
} from '@coursecraft/contracts';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
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

  it('refuses a zip that unpacks beyond the limit while inflating, whatever its headers say', () => {
    const zeros = new Uint8Array(COURSE_BUNDLE_LIMITS.unpackedBytes + 1);
    const bomb = zipSync({ 'course.json': strToU8('{}'), 'zeros.md': zeros });
    expect(bomb.length).toBeLessThan(200_000);
    expect(() => readMarkdownBundle(bomb)).toThrow(COURSE_BUNDLE_MESSAGES.tooMuchUnpacked);
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
