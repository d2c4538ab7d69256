import {
  DEFAULT_CHAPTER_QUIZ_SETTINGS,
  type CourseExportTree,
  type Question,
} from '@coursecraft/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildScormPackage } from './build-scorm-package';
import type { PlayerCourse } from './player-runtime';

/** A stand-in for mermaid (jsdom cannot lay out SVG): `broken` does not parse. */
vi.mock('mermaid', () => ({
  default: {
    initialize: () => {},
    render: async (id: string, code: string) => {
      if (code === 'broken') throw new Error('Parse error');
      return { svg: `<svg id="${id}"><text>${code.length}</text></svg>` };
    },
  },
}));

const topic = (id: string, name: string, content: string | null, questions: Question[] = []) => ({
  id,
  name,
  has_content: content !== null,
  content,
  questions,
});

const CHECK: Question = {
  id: 'q1',
  origin: 'author',
  type: 'single_choice',
  text: 'What is $x^2$ at $x = 3$?',
  explanation: 'Three **squared**.',
  quiz_only: false,
  options: [
    { id: 'o1', text: '9', correct: true, feedback: '' },
    { id: 'o2', text: '6', correct: false, feedback: 'That is $2x$.' },
  ],
};
const QUIZ_ONLY: Question = {
  id: 'q2',
  origin: 'generated',
  type: 'short_answer',
  text: 'Name the pull.',
  explanation: '',
  quiz_only: true,
  accepted_answers: ['Gravity'],
  tolerance: null,
};

const TREE: CourseExportTree = {
  course: {
    id: 'course1',
    name: 'Tides & <Waves>',
    description: 'The sea',
    image_url: 'https://images.test/course.png',
    has_subjects: true,
    published: false,
    settings: { pass_mark: 80 } as CourseExportTree['course']['settings'],
  },
  subjects: [
    {
      id: 's1',
      name: 'Moon',
      description: null,
      image_url: 'https://images.test/missing.png',
      has_chapters: true,
      chapters: [
        {
          id: 'c1',
          name: 'Gravity',
          has_topics: true,
          quiz: { ...DEFAULT_CHAPTER_QUIZ_SETTINGS, attempts: 2 },
          topics: [
            topic(
              't1',
              'Pull',
              'Inline $x^2$\n\n$$\\frac{a}{b}$$\n\n```mermaid\ngraph TD; A-->B\n```',
              [CHECK],
            ),
            topic('t2', 'Empty', null, [QUIZ_ONLY]),
            topic('t3', 'Broken', '```mermaid\nbroken\n```\n\n<script>alert(1)</script>'),
          ],
        },
      ],
    },
  ],
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === 'https://images.test/course.png') {
      return new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } });
    }
    if (url.startsWith('https://images.test/')) throw new TypeError('Failed to fetch');
    return new Response(new Uint8Array([0, 1]));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function unzip(blob: Blob) {
  return unzipSync(new Uint8Array(await blob.arrayBuffer()));
}

describe('buildScormPackage', () => {
  it('lists every file of the package in the manifest, and only those', async () => {
    const files = await unzip(await buildScormPackage(TREE));
    const manifest = new DOMParser().parseFromString(
      strFromU8(files['imsmanifest.xml'] ?? new Uint8Array()),
      'application/xml',
    );
    const listed = [...manifest.querySelectorAll('file')].map((file) => file.getAttribute('href'));
    expect(new Set(listed)).toEqual(
      new Set(Object.keys(files).filter((name) => name !== 'imsmanifest.xml')),
    );
    expect(listed).toHaveLength(Object.keys(files).length - 1);
    expect(listed).toEqual(
      expect.arrayContaining([
        'index.html',
        'player/player.js',
        'player/course.js',
        'player/player.css',
        'katex/katex.min.css',
        'katex/fonts/KaTeX_Main-Regular.woff2',
        'images/course.png',
        'lessons/1.js',
        'lessons/3.js',
      ]),
    );
    expect(listed).not.toContain('lessons/2.js');
    expect(listed.filter((name) => name?.startsWith('katex/fonts/'))).toHaveLength(60);
    expect(manifest.querySelector('organization > title')?.textContent).toBe('Tides & <Waves>');
  });

  it('renders lessons with KaTeX and inline SVG diagrams, never raw HTML', async () => {
    const files = await unzip(await buildScormPackage(TREE));
    const lesson = strFromU8(files['lessons/1.js'] ?? new Uint8Array());
    expect(lesson).toContain('class=\\"katex\\"');
    expect(lesson).toContain('katex-display');
    expect(lesson).toContain('<svg id=\\"diagram-1-1\\">');
    expect(lesson).not.toContain('language-mermaid');
    expect(lesson).toMatch(/<figure class=\\"diagram\\" data-diagram=\\"[0-9a-f]{64}\\">/);
    expect(lesson).toContain('<summary>Diagram as text</summary>');
    const broken = strFromU8(files['lessons/3.js'] ?? new Uint8Array());
    expect(broken).toContain('could not be drawn');
    expect(broken).not.toContain('<script>');
  });

  it('carries topic checks and the chapter quiz with their keys, math rendered, and the pass mark', async () => {
    const files = await unzip(await buildScormPackage(TREE));
    const script = strFromU8(files['player/course.js'] ?? new Uint8Array());
    const course = JSON.parse(
      script.replace(/^window\.scormCourse = /, '').replace(/;\n$/, ''),
    ) as PlayerCourse;
    expect(course.passMark).toBe(80);
    const chapter = course.subjects[0]?.chapters[0];
    expect(chapter?.topics.map((item) => item.questions.map((question) => question.id))).toEqual([
      ['q1'],
      [],
      [],
    ]);
    expect(chapter?.quiz?.settings.attempts).toBe(2);
    expect(chapter?.quiz?.questions.map((question) => question.id)).toEqual(['q1', 'q2']);
    const [check, quizOnly] = chapter?.quiz?.questions ?? [];
    expect(check?.text).toContain('class="katex"');
    expect(check?.explanation).toContain('<strong>squared</strong>');
    expect(
      check?.type === 'single_choice' && check.options.map((option) => option.correct),
    ).toEqual([true, false]);
    expect(quizOnly?.type === 'short_answer' && quizOnly.accepted_answers).toEqual(['Gravity']);
    const manifest = strFromU8(files['imsmanifest.xml'] ?? new Uint8Array());
    expect(manifest).toContain('<adlcp:masteryscore>80</adlcp:masteryscore>');

    const withoutQuestions: CourseExportTree = {
      ...TREE,
      subjects: TREE.subjects.map((subject) => ({
        ...subject,
        chapters: subject.chapters.map((item) => ({
          ...item,
          topics: item.topics.map((entry) => ({ ...entry, questions: [] })),
        })),
      })),
    };
    const plain = await unzip(await buildScormPackage(withoutQuestions));
    expect(strFromU8(plain['player/course.js'] ?? new Uint8Array())).toContain('"quiz":null');
    expect(strFromU8(plain['imsmanifest.xml'] ?? new Uint8Array())).not.toContain('masteryscore');
  });

  it('reports one step per topic and one for packing', async () => {
    const steps: string[] = [];
    await buildScormPackage(TREE, (done, total) => steps.push(`${done}/${total}`));
    expect(steps).toEqual(['0/4', '1/4', '2/4', '3/4', '4/4']);
  });

  it('refers to no address outside the package', async () => {
    const files = await unzip(await buildScormPackage(TREE));
    for (const name of [
      'index.html',
      'player/player.js',
      'player/course.js',
      'player/player.css',
    ]) {
      const namespacesDropped = strFromU8(files[name] ?? new Uint8Array()).replace(
        /xmlns=\\?"[^"\\]*\\?"/g,
        '',
      );
      expect(namespacesDropped).not.toMatch(/(https?:)?\/\/[a-z]/i);
    }
  });

  it('writes a well-formed manifest when every name carries control characters', async () => {
    const dirty = (name: string) => `${name}\u0000\u0008\u000b\u001f\u007f\ud800`;
    const subject = TREE.subjects[0];
    const chapter = subject?.chapters[0];
    if (!subject || !chapter) throw new Error('The test tree lost its subject or chapter.');
    const tree: CourseExportTree = {
      course: { ...TREE.course, name: dirty('Tides') },
      subjects: [
        {
          ...subject,
          name: dirty('Moon'),
          chapters: [
            {
              ...chapter,
              name: dirty('Gravity'),
              topics: chapter.topics.map((item) => ({ ...item, name: dirty(item.name) })),
            },
          ],
        },
      ],
    };
    const files = await unzip(await buildScormPackage(tree));
    const manifest = new DOMParser().parseFromString(
      strFromU8(files['imsmanifest.xml'] ?? new Uint8Array()),
      'application/xml',
    );
    expect(manifest.querySelector('parsererror')?.textContent).toBeUndefined();
    expect(manifest.querySelector('organization > title')?.textContent).toBe('Tides');
    expect(manifest.querySelector('item > title')?.textContent).toBe('Tides');
  });
});
