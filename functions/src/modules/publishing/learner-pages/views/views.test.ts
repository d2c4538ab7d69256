import { describe, expect, it } from 'vitest';
import type { LearnerQuestion } from '@coursecraft/contracts';
import type {
  CoursePageModel,
  LessonPageModel,
  OutlineChapterQuiz,
  PageCourse,
  PageHead,
} from '../page-model';
import { coursePage } from './course-page';
import { lessonPage } from './lesson-page';
import { notFoundPage } from './not-found-page';
import { quizFacts, quizPage } from './quiz-page';
import { robotsTxt, sitemapXml } from './sitemap';

const EVIL = '"><script>alert(1)</script>';

const head = (overrides: Partial<PageHead> = {}): PageHead => ({
  title: 'Tides',
  description: 'The sea',
  canonicalUrl: 'https://app.example/learn/AAAAAAAAAAAAAAAA',
  previewImageUrl: 'https://app.example/learn-assets/course-preview.png',
  ogType: 'website',
  lang: 'en',
  indexable: false,
  hasMath: false,
  ...overrides,
});

const QUIZ = { questionCount: 5, passMark: 70, attempts: 3 };

const course = (name = 'Tides', quiz: OutlineChapterQuiz | null = null): PageCourse => ({
  slug: 'AAAAAAAAAAAAAAAA',
  name,
  description: 'The sea',
  cover: {
    src: '/c-480.webp',
    srcset: '/c-480.webp 480w, /c-960.webp 960w',
    width: 480,
    height: 270,
  },
  subjects: [
    {
      id: 's1',
      name: 'Moon',
      description: 'Pull',
      cover: null,
      chapters: [
        {
          id: 'ch1',
          name: 'Orbits',
          topics: [
            { id: 't1', name: 'Intro', hasContent: true },
            { id: 't2', name: 'Basics', hasContent: false },
          ],
          quiz,
        },
      ],
    },
  ],
});

const lesson = (overrides: Partial<LessonPageModel> = {}): LessonPageModel => ({
  head: head({ ogType: 'article' }),
  course: course(),
  topic: { id: 't2', name: 'Basics', subjectName: 'Moon', chapterName: 'Orbits' },
  lessonHtml: '<p>Hello</p>',
  previous: { id: 't1', name: 'Intro' },
  next: null,
  version: 3,
  checks: [],
  ...overrides,
});

/** One check of each type; ids and HTML as the publish step makes them. */
const CHECKS: LearnerQuestion[] = [
  {
    id: 'qSingle',
    type: 'single_choice',
    html: '<p>Which <em>moon</em>?</p>',
    options: [
      { id: 'o1', html: 'Io' },
      { id: 'o2', html: 'Europa' },
    ],
  },
  {
    id: 'qMulti',
    type: 'multiple_choice',
    html: '<p>Pick</p>',
    options: [
      { id: 'a', html: 'A' },
      { id: 'b', html: 'B' },
    ],
  },
  {
    id: 'qTf',
    type: 'true_false',
    html: '<p>Tides?</p>',
    options: [
      { id: 'true', html: 'True' },
      { id: 'false', html: 'False' },
    ],
  },
  { id: 'qShort', type: 'short_answer', html: '<p>Name it</p>' },
  {
    id: 'qOrder',
    type: 'ordering',
    html: '<p>Order</p>',
    items: [
      { id: 'i2', html: 'Second' },
      { id: 'i1', html: 'First' },
    ],
  },
];

/** Every `<meta>` of the head as name/property → content. */
function metaOf(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)">/g)) {
    found.set(match[2] ?? '', match[3] ?? '');
  }
  return found;
}

describe('the learner page views', () => {
  it('give a course page its head: title, description, canonical, Open Graph, Twitter card, lang', () => {
    const html = coursePage({ head: head({ lang: 'es' }), course: course() } as CoursePageModel);
    expect(html.startsWith('<!doctype html>\n<html lang="es">')).toBe(true);
    expect(html).toContain('<title>Tides</title>');
    expect(html).toContain(
      '<link rel="canonical" href="https://app.example/learn/AAAAAAAAAAAAAAAA">',
    );
    expect(Object.fromEntries(metaOf(html))).toMatchObject({
      description: 'The sea',
      robots: 'noindex',
      'og:title': 'Tides',
      'og:description': 'The sea',
      'og:type': 'website',
      'og:url': 'https://app.example/learn/AAAAAAAAAAAAAAAA',
      'og:image': 'https://app.example/learn-assets/course-preview.png',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Tides',
      'twitter:description': 'The sea',
      'twitter:image': 'https://app.example/learn-assets/course-preview.png',
    });
  });

  it('leave noindex out only for an indexable page', () => {
    expect(
      metaOf(coursePage({ head: head({ indexable: true }), course: course() })).has('robots'),
    ).toBe(false);
    expect(metaOf(lessonPage(lesson())).get('robots')).toBe('noindex');
  });

  it('escape names in every tag and attribute', () => {
    const html = lessonPage(
      lesson({
        head: head({ title: EVIL, description: EVIL }),
        course: course(EVIL),
        topic: { id: 't2', name: EVIL, subjectName: EVIL, chapterName: EVIL },
        previous: { id: 't1', name: EVIL },
      }),
    );
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(metaOf(html).get('og:title')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('load KaTeX’s stylesheet and preload its two main fonts only on a page with math', () => {
    const withMath = lessonPage(lesson({ head: head({ hasMath: true }) }));
    expect(withMath).toContain('<link rel="stylesheet" href="/learn-assets/katex/katex.min.css">');
    expect(withMath.match(/rel="preload"[^>]+as="font"/g)).toHaveLength(2);
    const without = lessonPage(lesson());
    expect(without).not.toContain('katex.min.css');
    expect(without).not.toContain('KaTeX_');
  });

  it('lay out a lesson page as the learner script expects it', () => {
    const html = lessonPage(lesson());
    expect(html).toContain(
      '<body data-slug="AAAAAAAAAAAAAAAA" data-topic-ids="t1 t2" data-topic-id="t2">',
    );
    expect(html).toContain('<script type="module" src="/learn-assets/learner.js"></script>');
    expect(html).toContain(
      '<noscript><style>#learn-actions,#learn-progress,#quiz-actions{display:none}</style></noscript>',
    );
    expect(html).toContain(
      '<nav aria-label="Account" id="learn-account"><a href="/auth?mode=login">Login</a><a href="/auth?mode=signup">Sign Up</a></nav>',
    );
    expect(html).toContain('<p id="learn-progress" class="learn-progress"></p>');
    expect(html).toContain(
      '<div id="learn-actions" class="learn-actions"><button type="button" id="learn-complete" class="button" aria-pressed="false" disabled>Mark as complete</button></div>',
    );
    expect(html.indexOf('id="learn-actions"')).toBeLessThan(html.indexOf('id="learn-messages"'));
    expect(html.indexOf('id="learn-messages"')).toBeLessThan(html.indexOf('Previous: Intro'));
    expect(html).toContain(
      '<a class="previous" rel="prev" href="/learn/AAAAAAAAAAAAAAAA/t1">Previous: Intro</a>',
    );
    expect(html).not.toContain('Next:');
    expect(html).toContain(
      '<a href="/learn/AAAAAAAAAAAAAAAA/t2" data-topic-id="t2" aria-current="page">Basics</a>',
    );
    expect(html).toContain('<details class="outline-details"><summary>Course outline</summary>');
    expect(html).toContain('<aside class="outline-aside">');
    expect(html).toContain('<p class="lesson-place">Moon › Orbits</p>');
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('<a class="skip-link" href="#main">Skip to content</a>');
    expect(html).toContain('<main id="main">');
  });

  it('say so when a topic was published without a lesson', () => {
    expect(lessonPage(lesson({ lessonHtml: null }))).toContain(
      'There is no lesson for this topic yet.',
    );
  });

  it('reserve the course cover’s box and fetch it first', () => {
    const html = coursePage({ head: head(), course: course() });
    expect(html).toContain(
      '<img class="cover" src="/c-480.webp" srcset="/c-480.webp 480w, /c-960.webp 960w" sizes="(min-width: 760px) 600px, 100vw" width="480" height="270" alt="" fetchpriority="high" decoding="async">',
    );
    expect(html).toContain(
      '<a id="learn-start" class="button button-primary" href="/learn/AAAAAAAAAAAAAAAA/t1">Start</a>',
    );
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
  });

  it('define the colour properties the learner script uses, for light and dark', () => {
    const html = coursePage({ head: head(), course: course() });
    for (const name of [
      'bg',
      'surface',
      'fg',
      'muted',
      'border',
      'primary',
      'on-primary',
      'success',
      'error',
      'info-bg',
      'error-bg',
      'success-bg',
    ]) {
      expect(html.match(new RegExp(`--cc-${name}:`, 'g')), name).toHaveLength(2);
    }
    expect(html).toContain('.diagram-dark{display:none}');
    expect(html).toContain(
      '@media (prefers-color-scheme:dark){.diagram-light{display:none}.diagram-dark{display:block}}',
    );
  });

  it('render a 404 that is never indexed, with a way back to a live course', () => {
    const urls = {
      canonicalUrl: 'https://app.example/learn/x',
      previewImageUrl: 'https://app.example/p.png',
    };
    const gone = notFoundPage({ message: 'This course is not available.', course: null }, urls);
    expect(gone).toContain('<h1>This course is not available.</h1>');
    expect(metaOf(gone).get('robots')).toBe('noindex');
    expect(gone).not.toContain('Back to the course');
    expect(gone).not.toContain('learner.js');
    const topic = notFoundPage(
      {
        message: 'This topic is not part of the course.',
        course: { slug: 'AAAAAAAAAAAAAAAA', name: EVIL, lang: 'de' },
      },
      urls,
    );
    expect(topic).toContain('<html lang="de">');
    expect(topic).toContain(
      '<a class="button" href="/learn/AAAAAAAAAAAAAAAA">Back to the course</a>',
    );
    expect(topic).not.toContain('<script>alert');
  });

  it('escape URLs in the sitemap and name it in robots.txt', () => {
    expect(sitemapXml(['https://app.example/learn/a?x=1&y="2"'])).toContain(
      '<loc>https://app.example/learn/a?x=1&amp;y=&quot;2&quot;</loc>',
    );
    expect(robotsTxt('https://app.example')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://app.example/sitemap.xml\n',
    );
  });

  it('show no checks section for a topic without checks', () => {
    const html = lessonPage(lesson());
    expect(html).not.toContain('id="checks"');
    expect(html).not.toContain('Check your understanding');
  });

  it('render the checks under the lesson, before its actions, per the DOM contract', () => {
    const html = lessonPage(lesson({ checks: CHECKS }));
    const section = html.indexOf('<section class="checks" id="checks"');
    expect(section).toBeGreaterThan(html.indexOf('</article>'));
    expect(section).toBeLessThan(html.indexOf('id="learn-actions"'));
    expect(html).toContain(
      '<section class="checks" id="checks" aria-labelledby="checks-title" data-version="3">\n<h2 id="checks-title">Check your understanding</h2>\n<noscript><p class="checks-noscript">Turn on JavaScript to check your answers.</p></noscript>',
    );
    expect(html.match(/<form class="check" /g)).toHaveLength(5);
    expect(
      html.match(/<button type="submit" class="check-submit">Check answer<\/button>/g),
    ).toHaveLength(5);
    expect(
      html.match(/<div class="check-result" role="status" aria-live="polite"><\/div>/g),
    ).toHaveLength(5);
  });

  it('render radios for single choice and true or false, checkboxes for multiple choice', () => {
    const html = lessonPage(lesson({ checks: CHECKS }));
    expect(html).toContain(
      '<form class="check" data-question-id="qSingle" data-question-type="single_choice" novalidate><div class="check-text" id="q-qSingle-text"><p>Which <em>moon</em>?</p></div><fieldset class="check-options" aria-labelledby="q-qSingle-text"><div class="check-option"><input type="radio" name="q-qSingle" id="q-qSingle-o1" value="o1"><label for="q-qSingle-o1">Io</label></div>',
    );
    expect(html).toContain(
      '<input type="checkbox" name="q-qMulti" id="q-qMulti-b" value="b"><label for="q-qMulti-b">B</label>',
    );
    expect(html).toContain(
      '<input type="radio" name="q-qTf" id="q-qTf-true" value="true"><label for="q-qTf-true">True</label></div><div class="check-option"><input type="radio" name="q-qTf" id="q-qTf-false" value="false"><label for="q-qTf-false">False</label>',
    );
  });

  it('render a text box for a short answer and the items in the given order for an ordering', () => {
    const html = lessonPage(lesson({ checks: CHECKS }));
    expect(html).toContain(
      '<div class="check-answer"><label for="q-qShort-answer">Your answer</label><input type="text" id="q-qShort-answer" name="q-qShort" maxlength="200" autocomplete="off"></div>',
    );
    expect(html).toContain(
      '<ol class="check-order" aria-labelledby="q-qOrder-text"><li class="check-item" data-item-id="i2"><span class="check-item-text">Second</span></li><li class="check-item" data-item-id="i1"><span class="check-item-text">First</span></li></ol>',
    );
  });

  it('escape ids in the checks’ attributes', () => {
    const hostile: LearnerQuestion = {
      id: EVIL,
      type: 'single_choice',
      html: '<p>Q</p>',
      options: [{ id: EVIL, html: 'x' }],
    };
    const html = lessonPage(lesson({ checks: [hostile] }));
    expect(html).not.toContain(EVIL);
    expect(html).toContain('data-question-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('carry no key: no correct flag, answer or feedback in the checks’ markup', () => {
    const html = lessonPage(lesson({ checks: CHECKS }));
    const start = html.indexOf('<section class="checks"');
    const section = html.slice(start, html.indexOf('</section>', start));
    expect(section.match(/<form /g)).toHaveLength(CHECKS.length);
    expect(section).not.toMatch(/correct|accepted|feedback|checked|selected/i);
    // The ordering's items come as given (shuffled when published), not re-sorted by id.
    expect(section.indexOf('data-item-id="i2"')).toBeLessThan(section.indexOf('data-item-id="i1"'));
  });

  it('link each chapter quiz from the course page with an empty result slot, and only those', () => {
    const withQuiz = coursePage({ head: head(), course: course(EVIL, QUIZ) });
    expect(withQuiz).toContain(
      '<p class="chapter-quiz"><a href="/learn/AAAAAAAAAAAAAAAA/chapters/ch1/quiz" data-quiz-chapter-id="ch1" aria-label="Chapter quiz: Orbits">Chapter quiz</a> <span class="quiz-result" data-quiz-result="ch1"></span></p>',
    );
    expect(withQuiz).toContain(
      '<p id="learn-course-completed" class="learn-course-completed"></p>',
    );
    const without = coursePage({ head: head(), course: course() });
    expect(without).not.toContain('data-quiz-chapter-id');
    expect(without).not.toContain('data-quiz-result');
  });

  it('link the chapter quiz from the chapter’s last lesson only, next to Next', () => {
    const last = lessonPage(
      lesson({ course: course('Tides', QUIZ), next: { id: 't3', name: 'Far' } }),
    );
    const pager = /<nav aria-label="Previous and next topics" class="pager">(.*)<\/nav>/.exec(
      last,
    )?.[1];
    expect(pager).toContain(
      '<a class="chapter-quiz-link" href="/learn/AAAAAAAAAAAAAAAA/chapters/ch1/quiz">Chapter quiz: Orbits</a>',
    );
    expect(pager).toContain('rel="next"');
    const first = lessonPage(
      lesson({
        course: course('Tides', QUIZ),
        topic: { id: 't1', name: 'Intro', subjectName: 'Moon', chapterName: 'Orbits' },
      }),
    );
    expect(first).not.toContain('class="chapter-quiz-link"');
    expect(lessonPage(lesson())).not.toContain('class="chapter-quiz-link"');
  });

  it('render the quiz page: chapter name, what the quiz is, Start quiz, a no-script note', () => {
    const html = quizPage({
      head: head({ title: `Orbits · ${EVIL}` }),
      course: course(EVIL, QUIZ),
      chapter: { id: 'ch1', name: EVIL, subjectName: 'Moon', quiz: QUIZ },
    });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      '<h1 id="quiz-title">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>',
    );
    expect(html).toContain('<p class="quiz-facts">5 questions · pass mark 70% · 3 attempts</p>');
    expect(html).toContain(
      '<button type="button" id="quiz-start" class="button button-primary">Start quiz</button>',
    );
    expect(html).toContain(
      '<noscript><p class="checks-noscript">Turn on JavaScript to take this quiz.</p></noscript>',
    );
    expect(html).toContain(
      '<section id="quiz" class="quiz" aria-labelledby="quiz-title" data-chapter-id="ch1" data-pass-mark="70">',
    );
    expect(html).toContain(
      '<body data-slug="AAAAAAAAAAAAAAAA" data-topic-ids="t1 t2" data-chapter-id="ch1">',
    );
    expect(html).toContain('<script type="module" src="/learn-assets/learner.js"></script>');
    expect(html).toContain('#quiz-actions{display:none}');
    expect(html).toContain('<a href="/learn/AAAAAAAAAAAAAAAA">');
  });

  it('say what a quiz is in words, singular and unlimited included', () => {
    expect(quizFacts({ questionCount: 1, passMark: 100, attempts: 1 })).toBe(
      '1 question · pass mark 100% · 1 attempt',
    );
    expect(quizFacts({ questionCount: 12, passMark: 70, attempts: null })).toBe(
      '12 questions · pass mark 70% · unlimited attempts',
    );
  });
});
