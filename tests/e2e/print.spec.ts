import { expect, test, type APIRequestContext } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { idTokenFor, signUpAndLogIn } from './support/accounts';
import { duplicateIdViolations, seriousViolations } from './support/axe';

/**
 * The print edition: a course of 2 subjects × 2 chapters × 2 topics, two of them with questions,
 * written through the API, opened at /courses/{c}/print, waited for until every lesson and
 * diagram is drawn, then printed with Include answers to PDF by Chromium and read back as text.
 */

const COURSE = { name: 'Atlas of Waters', description: 'Oceans, rivers and the ports between.' };

const MATH_LESSON = [
  '## Volume transport equation',
  '',
  'The transport through a section of depth $H$ is',
  '',
  '$$',
  'Q = \\int_0^H u(z)\\,dz',
  '$$',
].join('\n');

const DIAGRAM_LESSON = [
  '## Cargo handling flowchart',
  '',
  'A container passes three stages.',
  '',
  '```mermaid',
  'graph LR',
  '  A[Ship berths] --> B[Crane unloads]',
  '  B --> C[Truck departs]',
  '```',
].join('\n');

const lesson = (heading: string) => `## ${heading}\n\nA short lesson.`;

/** A short lesson citing one source as `[^1]`, as two lessons of the course do. */
const citedLesson = (heading: string, quote: string) =>
  `## ${heading}\n\nA short lesson.[^1]\n\n[^1]: River Atlas.pdf, page 3: "${quote}"`;

const CITED = [
  { name: 'Nile', heading: 'Silt feeds the fields', quote: 'The flood left a black silt.' },
  { name: 'Ganges', heading: 'Mangroves hold the banks', quote: 'Roots bind the delta mud.' },
];

/** A topic, its lesson's heading and the lesson (a short one with that heading when null). */
interface PrintedTopic {
  name: string;
  heading: string;
  content: string | null;
  questions?: object[];
}

const FLOW_QUESTION = {
  type: 'single_choice',
  text: 'Which way does the Gulf Stream carry warm water?',
  explanation: 'It runs from the Gulf of Mexico toward Europe.',
  quiz_only: false,
  options: [
    { id: 'west', text: 'Westward', correct: false, feedback: '' },
    { id: 'north', text: 'Northeastward', correct: true, feedback: '' },
  ],
};

const TRANSPORT_QUESTION = {
  type: 'short_answer',
  text: 'How many sverdrups does the Kuroshio carry?',
  explanation: '',
  quiz_only: false,
  accepted_answers: ['42'],
  tolerance: 2,
};

/** Subjects → chapters → topics. */
const OUTLINE: { name: string; chapters: { name: string; topics: PrintedTopic[] }[] }[] = [
  {
    name: 'Oceans',
    chapters: [
      {
        name: 'Currents',
        topics: [
          {
            name: 'Gulf Stream',
            heading: 'Warm water flows north',
            content: null,
            questions: [FLOW_QUESTION],
          },
          {
            name: 'Kuroshio',
            heading: 'Volume transport equation',
            content: MATH_LESSON,
            questions: [TRANSPORT_QUESTION],
          },
        ],
      },
      {
        name: 'Harbours',
        topics: [
          { name: 'Rotterdam', heading: 'Cargo handling flowchart', content: DIAGRAM_LESSON },
          { name: 'Singapore', heading: 'Straits and anchorages', content: null },
        ],
      },
    ],
  },
  {
    name: 'Rivers',
    chapters: [
      {
        name: 'Deltas',
        topics: [
          ...CITED.map(({ name, heading, quote }) => ({
            name,
            heading,
            content: citedLesson(heading, quote),
          })),
        ],
      },
      {
        name: 'Canyons',
        topics: [
          { name: 'Colorado', heading: 'Layers of red rock', content: null },
          { name: 'Yarlung', heading: 'The deepest gorge', content: null },
        ],
      },
    ],
  },
];

const TOPICS = OUTLINE.flatMap((subject) => subject.chapters.flatMap((chapter) => chapter.topics));

/** Creates the course of OUTLINE through the API and answers its id. */
async function buildCourse(request: APIRequestContext, idToken: string): Promise<string> {
  const headers = { authorization: `Bearer ${idToken}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const course = await post('/courses/create-manual', COURSE);
  for (const subject of OUTLINE) {
    const subjectId = await post(`/courses/${course}/subjects`, { name: subject.name });
    for (const chapter of subject.chapters) {
      const chapters = `/courses/${course}/subjects/${subjectId}/chapters`;
      const chapterId = await post(chapters, { name: chapter.name });
      for (const topic of chapter.topics) {
        const topicId = await post(`${chapters}/${chapterId}/topics`, { name: topic.name });
        await post(`${chapters}/${chapterId}/topics/${topicId}/content`, {
          content: topic.content ?? lesson(topic.heading),
        });
        for (const question of topic.questions ?? []) {
          await post(`${chapters}/${chapterId}/topics/${topicId}/questions`, question);
        }
      }
    }
  }
  return course;
}

/** Fails unless `texts` occur in `text` in this order; answers where the last one ends. */
function expectInOrder(text: string, texts: readonly string[], from = 0): number {
  let position = from;
  for (const wanted of texts) {
    const found = text.indexOf(wanted, position);
    expect(found, `"${wanted}" after position ${position}`).toBeGreaterThanOrEqual(0);
    position = found + wanted.length;
  }
  return position;
}

/** Spaces and line breaks as pdf.js extracts them vary; compare single-spaced text. */
const singleSpaced = (text: string) => text.replace(/\s+/g, ' ');

test.describe('print edition', () => {
  test('prints the whole course to a PDF: title page, contents, every lesson with its questions, the answer key', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const author = await signUpAndLogIn(page, 'printer', {
      firstName: 'Pia',
      lastName: 'Printer',
    });
    const courseId = await buildCourse(request, await idTokenFor(author.email, author.password));

    await page.goto(`/courses/${courseId}/print`);
    await expect(page.locator('[data-print-ready="true"]')).toHaveCount(1, { timeout: 30_000 });
    // Ready means drawn: nothing is awaited from here on.
    const diagram = page.getByRole('img', { name: 'Diagram' }).locator('svg');
    expect(await diagram.count()).toBe(1);
    expect(await page.locator('.katex-display').count()).toBe(1);
    expect(await page.getByRole('progressbar').count()).toBe(0);

    // Both cited lessons number their citation 1, yet no id is on the page twice, and each
    // reference leads to the entry under its own lesson's Sources.
    expect(await duplicateIdViolations(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    for (const { name, quote } of CITED) {
      const section = page.getByRole('region', { name: new RegExp(` ${name}$`) });
      await expect(section.getByRole('heading', { level: 2, name: 'Sources' })).toHaveCount(1);
      const href =
        (await section.getByRole('link', { name: '1', exact: true }).getAttribute('href')) ?? '';
      expect(href).toMatch(/^#user-content-/);
      await expect(page.locator(`[id="${href.slice(1)}"]`)).toHaveCount(1);
      await expect(section.locator(`[id="${href.slice(1)}"]`)).toContainText(quote);
    }
    await expect(page).toHaveTitle(`${COURSE.name} — print edition | Coursecraft`);
    await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
    await expect(page.getByRole('banner')).toHaveCount(0);
    const includeAnswers = page.getByRole('switch', { name: 'Include answers' });
    await expect(includeAnswers).not.toBeChecked();
    await includeAnswers.check();
    await expect(page.getByRole('heading', { name: 'Answer key' })).toBeVisible();
    await expect(page.locator('[data-print-ready="true"]')).toHaveCount(1);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(includeAnswers).toBeHidden();
    await expect(page.getByRole('link', { name: 'Back to course' })).toBeHidden();
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    await testInfo.attach('print-edition.pdf', { body: pdf, contentType: 'application/pdf' });

    const document = await getDocumentProxy(new Uint8Array(pdf));
    const { totalPages, text } = await extractText(document, { mergePages: false });
    const pages = text.map(singleSpaced);
    // A title page, the contents, a page per subject and one per chapter at least.
    expect(totalPages).toBeGreaterThanOrEqual(2 + 2 + 4);

    const [titlePage = '', contentsPage = ''] = pages;
    expect(titlePage).toContain(COURSE.name);
    expect(titlePage).toContain(COURSE.description);
    expect(titlePage).not.toContain('Contents');
    expectInOrder(contentsPage, [
      'Contents',
      '1 Oceans',
      '1.1 Currents',
      '1.1.1 Gulf Stream',
      '1.1.2 Kuroshio',
      '1.2 Harbours',
      '1.2.1 Rotterdam',
      '1.2.2 Singapore',
      '2 Rivers',
      '2.1 Deltas',
      '2.1.1 Nile',
      '2.1.2 Ganges',
      '2.2 Canyons',
      '2.2.1 Colorado',
      '2.2.2 Yarlung',
      'Answer key',
    ]);
    const body = pages.slice(2).join(' ');
    expectInOrder(body, [
      'Gulf Stream',
      'Warm water flows north',
      'Questions',
      FLOW_QUESTION.text,
      'Westward',
      'Northeastward',
      'Kuroshio',
      'Volume transport equation',
      'Questions',
      TRANSPORT_QUESTION.text,
      'Your answer',
    ]);
    expectInOrder(
      body,
      TOPICS.flatMap((topic) => [topic.name, topic.heading]),
    );
    expectInOrder(
      body,
      CITED.flatMap(({ name, heading, quote }) => [name, heading, 'Sources', quote]),
    );
    expect(body, 'no back links on paper').not.toContain('↩');
    // The key starts a page of its own after the last lesson's.
    const lastLesson = pages.findIndex((text) => text.includes(TOPICS.at(-1)!.heading));
    const keyPage = pages.findIndex((text, index) => index > 1 && text.includes('Answer key'));
    expect(keyPage).toBeGreaterThan(lastLesson);
    expect(pages[keyPage]?.trimStart().startsWith('Answer key'), 'the key starts a page').toBe(
      true,
    );
    expectInOrder(pages.slice(keyPage).join(' '), [
      'Answer key',
      '1.1.1 Gulf Stream',
      'Northeastward',
      FLOW_QUESTION.explanation,
      '1.1.2 Kuroshio',
      'Accepted answers: 42 ± 2',
    ]);
    expect(pages.slice(keyPage).join(' ')).not.toContain('Westward');
    for (const chrome of [
      'Skip to main content',
      'My Courses',
      'Profile',
      'Terms of Service',
      'Privacy Policy',
      'Back to course',
      'Print',
      'Include answers',
    ]) {
      expect(pages.join(' '), `no "${chrome}" in the PDF`).not.toContain(chrome);
    }
    testInfo.annotations.push({
      type: 'pdf',
      description: `${totalPages} pages, ${pdf.length} bytes`,
    });
  });
});
