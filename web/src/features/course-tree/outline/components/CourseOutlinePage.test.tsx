import type { GenerationJob } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userKey } from '../../../../lib/user-query';
import { fakeOutlineApi, type FakeChapter } from '../../../../testing/fake-outline-api';
import { testJob } from '../../../../testing/test-generation-job';
import {
  TEST_USER,
  renderWithRouter,
  type RenderWithRouterOptions,
} from '../../../../testing/test-session';
import { courseTreeKeys } from '../../lib/keys';
import { CourseOutlinePage } from './CourseOutlinePage';

const BASE = '/courses/c1/subjects/s1/content';

function course(): FakeChapter[] {
  return [
    { id: 'ch1', name: 'Points', topics: [] },
    {
      id: 'ch2',
      name: 'Triangles',
      topics: [
        {
          id: 't1',
          name: 'Angles',
          has_content: true,
          content: '## Angles\n\nSum is $180^\\circ$.',
        },
        { id: 't2', name: 'Sides', has_content: false },
        { id: 't3', name: 'Areas', has_content: false },
      ],
    },
    {
      id: 'ch3',
      name: 'Circles',
      topics: [{ id: 't4', name: 'Radius', has_content: false }],
    },
  ];
}

function renderOutline(
  chapters: FakeChapter[],
  { path = BASE, state, viewport }: RenderWithRouterOptions = {},
  {
    hasApiKey = true,
    latestJob = null,
  }: { hasApiKey?: boolean; latestJob?: GenerationJob | null } = {},
) {
  const api = fakeOutlineApi(chapters, { hasApiKey, latestJob });
  const view = renderWithRouter(
    [
      {
        path: 'courses/:courseId/subjects/:subjectId/content/:topicId?',
        element: <CourseOutlinePage />,
      },
    ],
    { session: 'user', path, state, viewport },
  );
  const location = () => view.router.state.location.pathname;
  return { api, ...view, location };
}

const chapterButton = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${name}$`) });
const topicButton = (name: string) =>
  screen.findByRole('button', { name: new RegExp(`^(Has content|No content yet)\\s*${name}$`) });
// The first render also loads the lazy lesson view (KaTeX), which can take over a second.
const title = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

describe('CourseOutlinePage selection rules', () => {
  it('expands the first chapter with topics, selects its first topic and rewrites the address', async () => {
    const { location } = renderOutline(course());
    expect(await title('Angles')).toBeInTheDocument();
    expect(location()).toBe(`${BASE}/t1`);
    expect(chapterButton('Triangles')).toHaveAttribute('aria-expanded', 'true');
    expect(chapterButton('Points')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Triangles', { selector: 'h1 + *' })).toBeInTheDocument();
    const dots = within(screen.getByRole('list', { name: 'Topics of Triangles' })).getAllByRole(
      'img',
    );
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Has content',
      'No content yet',
      'No content yet',
    ]);
  });

  it('expands the first chapter when none has topics and selects nothing', async () => {
    // An author without a key: with one, the chapter's topics would be generated (see below).
    const { location } = renderOutline(
      [
        { id: 'ch1', name: 'Points', topics: [] },
        { id: 'ch2', name: 'Lines', topics: [] },
      ],
      {},
      { hasApiKey: false },
    );
    await waitFor(() => expect(chapterButton('Points')).toHaveAttribute('aria-expanded', 'true'));
    expect(await screen.findByText('No topics yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Select a Topic' })).toBeInTheDocument();
    expect(
      screen.getByText('Please select a topic from the sidebar to view its content.'),
    ).toBeInTheDocument();
    expect(location()).toBe(BASE);
  });

  it('shows the empty outline with its hint when there are no chapters', async () => {
    renderOutline([]);
    expect(await screen.findByText('No chapters found.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'First generate chapters, then topics, then select a topic to view/generate content.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Chapter' })).toBeInTheDocument();
  });

  it('opens the chapter of a topic named in the address, looking it up when no link said', async () => {
    const { location } = renderOutline(course(), { path: `${BASE}/t4` });
    expect(await title('Radius')).toBeInTheDocument();
    expect(chapterButton('Circles')).toHaveAttribute('aria-expanded', 'true');
    expect(chapterButton('Triangles')).toHaveAttribute('aria-expanded', 'false');
    expect(location()).toBe(`${BASE}/t4`);
  });

  it('uses the chapter a link passes, without searching the other chapters', async () => {
    const { api } = renderOutline(course(), {
      path: `${BASE}/t2`,
      state: { chapterId: 'ch2' },
    });
    expect(await title('Sides')).toBeInTheDocument();
    expect(api.requests()).not.toContain('GET /courses/c1/subjects/s1/chapters/ch3/topics');
  });

  it('falls back to the default when the address names a topic that no longer exists', async () => {
    const { location } = renderOutline(course(), { path: `${BASE}/gone` });
    expect(await title('Angles')).toBeInTheDocument();
    expect(location()).toBe(`${BASE}/t1`);
  });

  it('collapses the expanded chapter on a second click and keeps the selected topic', async () => {
    const user = userEvent.setup();
    renderOutline(course());
    expect(await title('Angles')).toBeInTheDocument();
    await user.click(chapterButton('Triangles'));
    expect(chapterButton('Triangles')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { level: 1, name: 'Angles' })).toBeInTheDocument();
    await user.click(chapterButton('Circles'));
    expect(await topicButton('Radius')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Angles' })).toBeInTheDocument();
  });

  it('selecting a topic rewrites the address and shows its lesson', async () => {
    const user = userEvent.setup();
    const { location } = renderOutline(course());
    expect(await title('Angles')).toBeInTheDocument();
    await user.click(await topicButton('Sides'));
    expect(await title('Sides')).toBeInTheDocument();
    expect(location()).toBe(`${BASE}/t2`);
    expect(await screen.findByText('No content available for this topic yet.')).toBeInTheDocument();
  });

  it('Previous and Next move within the expanded chapter', async () => {
    const user = userEvent.setup();
    renderOutline(course(), { path: `${BASE}/t2`, state: { chapterId: 'ch2' } });
    expect(await title('Sides')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Next: Areas' }));
    expect(await title('Areas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Next:/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous: Sides' }));
    expect(await title('Sides')).toBeInTheDocument();
  });

  it('deleting the selected topic selects the first remaining one, then none', async () => {
    const user = userEvent.setup();
    const { location } = renderOutline(course(), {
      path: `${BASE}/t2`,
      state: { chapterId: 'ch2' },
    });
    expect(await title('Sides')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete topic Sides' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Topic' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Sides?');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Topic' }));
    expect(await title('Angles')).toBeInTheDocument();
    expect(location()).toBe(`${BASE}/t1`);

    await user.click(chapterButton('Circles'));
    await user.click(await topicButton('Radius'));
    expect(await title('Radius')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete topic Radius' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Topic' })).getByRole('button', {
        name: 'Delete Topic',
      }),
    );
    expect(await title('Select a Topic')).toBeInTheDocument();
    expect(location()).toBe(BASE);
  });

  it('deleting the expanded chapter clears the selected topic and its content', async () => {
    const user = userEvent.setup();
    const { location } = renderOutline(course());
    expect(await title('Angles')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete chapter Triangles' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Chapter' })).getByRole('button', {
        name: 'Delete Chapter',
      }),
    );
    expect(await title('Select a Topic')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Triangles$/ })).not.toBeInTheDocument();
    expect(location()).toBe(BASE);
  });

  it('adding a chapter expands it and adding a topic selects it', async () => {
    const user = userEvent.setup();
    const { api, location } = renderOutline(course());
    expect(await title('Angles')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Chapter' }));
    const chapterDialog = screen.getByRole('dialog', { name: 'Add New Chapter' });
    await user.click(within(chapterDialog).getByRole('button', { name: 'Add Chapter' }));
    expect(within(chapterDialog).getByText('Chapter name is required')).toBeInTheDocument();
    await user.type(within(chapterDialog).getByLabelText('Chapter Name'), '  Polygons  ');
    await user.click(within(chapterDialog).getByRole('button', { name: 'Add Chapter' }));
    await waitFor(() => expect(chapterButton('Polygons')).toHaveAttribute('aria-expanded', 'true'));
    expect(api.chapters.at(-1)?.name).toBe('Polygons');

    const polygons = screen.getByRole('list', { name: 'Topics of Polygons' }).parentElement;
    await user.click(within(polygons as HTMLElement).getByRole('button', { name: 'Add Topic' }));
    const topicDialog = screen.getByRole('dialog', { name: 'Add New Topic' });
    await user.click(within(topicDialog).getByRole('button', { name: 'Add Topic' }));
    expect(within(topicDialog).getByText('Topic name is required')).toBeInTheDocument();
    await user.type(within(topicDialog).getByLabelText('Topic Name'), 'Hexagons');
    await user.click(within(topicDialog).getByRole('button', { name: 'Add Topic' }));
    expect(await title('Hexagons')).toBeInTheDocument();
    expect(location()).toMatch(new RegExp(`^${BASE}/t-new-`));
  });

  it('adds, edits and deletes content, turning the dot green and grey again', async () => {
    const user = userEvent.setup();
    renderOutline(course(), { path: `${BASE}/t2`, state: { chapterId: 'ch2' } });
    expect(await title('Sides')).toBeInTheDocument();
    const dotOf = async (name: string) =>
      within(await topicButton(name))
        .getByRole('img')
        .getAttribute('aria-label');
    expect(await dotOf('Sides')).toBe('No content yet');

    await user.click(await screen.findByRole('button', { name: 'Add Content' }));
    const addDialog = screen.getByRole('dialog', { name: 'Add New Content' });
    await user.click(within(addDialog).getByRole('button', { name: 'Add Content' }));
    expect(within(addDialog).getByText('Content is required')).toBeInTheDocument();
    await user.type(
      within(addDialog).getByLabelText('Content (Markdown)'),
      '## Sides{enter}{enter}$$\\begin{{cases}} a & b \\end{{cases}}$$',
    );
    await user.click(within(addDialog).getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sides' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: 'Equations not rendering correctly? Click here to refresh.',
      }),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await dotOf('Sides')).toBe('Has content'));

    await user.click(screen.getByRole('button', { name: 'Edit Content' }));
    const editDialog = screen.getByRole('dialog', { name: 'Edit Content' });
    const field = within(editDialog).getByLabelText('Content (Markdown)');
    await user.clear(field);
    await user.type(field, '## Edges');
    await user.click(within(editDialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Edges' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Content' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Content' })).getByRole('button', {
        name: 'Delete Content',
      }),
    );
    expect(await screen.findByText('No content available for this topic yet.')).toBeInTheDocument();
    await waitFor(async () => expect(await dotOf('Sides')).toBe('No content yet'));
  });

  it('offers History once a topic has versions, and restores an older lesson from it', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderOutline(course(), {
      path: `${BASE}/t2`,
      state: { chapterId: 'ch2' },
    });
    const versionsKey = userKey(
      TEST_USER.uid,
      courseTreeKeys.lessonVersions({
        courseId: 'c1',
        subjectId: 's1',
        chapterId: 'ch2',
        topicId: 't2',
      }),
    );
    expect(await title('Sides')).toBeInTheDocument();
    expect(await screen.findByText('No content available for this topic yet.')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(versionsKey)).toEqual([]));
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    const addDialog = screen.getByRole('dialog', { name: 'Add New Content' });
    await user.type(within(addDialog).getByLabelText('Content (Markdown)'), '## First words');
    await user.click(within(addDialog).getByRole('button', { name: 'Add Content' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'First words' })).toBeVisible(),
    );
    // The cached empty list of versions is out of date now: marked so, or read again.
    await waitFor(() => {
      const state = queryClient.getQueryState<unknown[]>(versionsKey);
      expect(state?.isInvalidated || (state?.data?.length ?? 0) > 0).toBe(true);
    });
    await user.click(screen.getByRole('button', { name: 'Edit Content' }));
    const editDialog = screen.getByRole('dialog', { name: 'Edit Content' });
    await user.clear(within(editDialog).getByLabelText('Content (Markdown)'));
    await user.type(within(editDialog).getByLabelText('Content (Markdown)'), '## Second words');
    await user.click(within(editDialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Second words' })).toBeVisible(),
    );

    await user.click(screen.getByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: /^History\s*Sides$/ });
    const versions = await within(history).findByRole('list', { name: 'Versions' });
    expect(within(versions).getAllByRole('button')).toHaveLength(2);
    await user.click(within(versions).getAllByRole('button')[1] as HTMLElement);
    await waitFor(() =>
      expect(within(history).getByRole('heading', { name: 'First words' })).toBeVisible(),
    );
    await user.click(within(history).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(within(versions).getAllByRole('button')).toHaveLength(3));
    await user.click(within(history).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'First words' })).toBeVisible(),
    );

    // A deleted lesson keeps its versions, so History stays.
    await user.click(screen.getByRole('button', { name: 'Delete Content' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Content' })).getByRole('button', {
        name: 'Delete Content',
      }),
    );
    expect(await screen.findByText('No content available for this topic yet.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'History' })).toBeEnabled();
  });

  it('renames chapters and topics in place', async () => {
    const user = userEvent.setup();
    renderOutline(course());
    expect(await title('Angles')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit chapter Triangles' }));
    const chapterDialog = screen.getByRole('dialog', { name: 'Edit Chapter' });
    const chapterField = within(chapterDialog).getByLabelText('Chapter Name');
    await user.clear(chapterField);
    await user.type(chapterField, 'Trigons');
    await user.click(within(chapterDialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: /^Trigons$/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit topic Angles' }));
    const topicDialog = screen.getByRole('dialog', { name: 'Edit Topic' });
    const topicField = within(topicDialog).getByLabelText('Topic Name');
    await user.clear(topicField);
    await user.click(within(topicDialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(topicDialog).getByText('Topic name is required')).toBeInTheDocument();
    await user.type(topicField, 'Corners');
    await user.click(within(topicDialog).getByRole('button', { name: 'Save Changes' }));
    expect(await title('Corners')).toBeInTheDocument();
  });
});

describe('CourseOutlinePage on a narrow screen', () => {
  it('hides the sidebar until toggled and closes it when a topic is picked', async () => {
    const user = userEvent.setup();
    const { location } = renderOutline(course(), { viewport: 'phone' });
    expect(await title('Angles')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Course outline' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show Course Outline' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('navigation', { name: 'Course outline' })).toBeInTheDocument();
    await user.click(await topicButton('Sides'));
    expect(await title('Sides')).toBeInTheDocument();
    expect(location()).toBe(`${BASE}/t2`);
    expect(screen.queryByRole('navigation', { name: 'Course outline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Next:/ })).not.toBeInTheDocument();
  });
});

describe('CourseOutlinePage generation', () => {
  it('generates chapters when there are none, then offers Update Chapters', async () => {
    const user = userEvent.setup();
    const { api } = renderOutline([]);
    await user.click(await screen.findByRole('button', { name: 'Generate Chapters' }));
    expect(
      await screen.findByRole('button', { name: /^Generated chapter A$/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Chapters' })).toBeInTheDocument();
    expect(api.requests()).toContain('POST /courses/c1/subjects/s1/generate_chapters');
  });

  it('expanding a chapter without topics generates them and selects the first', async () => {
    const user = userEvent.setup();
    const { api, location } = renderOutline(course());
    expect(await title('Angles')).toBeInTheDocument();
    await user.click(chapterButton('Points'));
    expect(await title('Generated topic 1')).toBeInTheDocument();
    expect(location()).toMatch(new RegExp(`^${BASE}/t-new-`));
    expect(api.requests()).toContain('POST /courses/c1/subjects/s1/chapters/ch1/generate_topics');
    expect(screen.getByRole('button', { name: 'Update Topics' })).toBeInTheDocument();
  });

  it('does not generate on expanding when the user has no API key', async () => {
    const user = userEvent.setup();
    const api = fakeOutlineApi(course(), { hasApiKey: false });
    renderWithRouter(
      [
        {
          path: 'courses/:courseId/subjects/:subjectId/content/:topicId?',
          element: <CourseOutlinePage />,
        },
      ],
      { session: 'user', path: BASE },
    );
    expect(await title('Angles')).toBeInTheDocument();
    await user.click(chapterButton('Points'));
    expect(await screen.findByText('No topics yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Topics' })).toBeInTheDocument();
    expect(api.requests().filter((r) => r.includes('generate_'))).toEqual([]);
  });

  it('Update Topics asks first, with the chapter’s topics and lessons; Cancel sends nothing, Regenerate replaces them', async () => {
    const user = userEvent.setup();
    const { api } = renderOutline(course());
    expect(await title('Angles')).toBeInTheDocument();
    const generateTopics = () => api.requests().filter((r) => r.endsWith('/generate_topics'));

    await user.click(screen.getByRole('button', { name: 'Update Topics' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate topics?' });
    expect(
      await within(dialog).findByText(
        'This replaces the 3 topics of Triangles and their 1 lesson. They cannot be restored.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(generateTopics()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Update Topics' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Regenerate topics?' })).getByRole('button', {
        name: 'Regenerate',
      }),
    );
    expect(await title('Generated topic 1')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(generateTopics()).toEqual(['POST /courses/c1/subjects/s1/chapters/ch2/generate_topics']);
  });

  it('Update Chapters asks first, with the counts of the subject', async () => {
    const user = userEvent.setup();
    const { api } = renderOutline(course());
    expect(await title('Angles')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Chapters' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate chapters?' });
    expect(
      await within(dialog).findByText(
        'This replaces the 3 chapters of Shapes, with their 4 topics and 1 lesson. They cannot be restored.',
      ),
    ).toBeVisible();
    expect(api.requests()).toContain('GET /courses/c1/subjects/s1/counts');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(
      await screen.findByRole('button', { name: /^Generated chapter A$/ }),
    ).toBeInTheDocument();
    expect(api.requests()).toContain('POST /courses/c1/subjects/s1/generate_chapters');
  });

  it('shows why a generation failed in a banner', async () => {
    const user = userEvent.setup();
    fakeOutlineApi([], {
      generationFailure: {
        status: 403,
        error: 'You need to set your Google API key in your profile first.',
        code: 'GEMINI_KEY_MISSING',
      },
    });
    renderWithRouter(
      [
        {
          path: 'courses/:courseId/subjects/:subjectId/content/:topicId?',
          element: <CourseOutlinePage />,
        },
      ],
      { session: 'user', path: BASE },
    );
    await user.click(await screen.findByRole('button', { name: 'Generate Chapters' }));
    expect(
      await screen.findByText('You need to set your Google API key in your profile first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Chapters' })).toBeEnabled();
  });
});

describe('CourseOutlinePage: the chapter that opens by itself on load', () => {
  const generated = (api: ReturnType<typeof fakeOutlineApi>) =>
    api.requests().filter((request) => request.includes('/generate_'));

  it('generates its topics when it has none and the author has a key, then selects the first', async () => {
    const { api, location } = renderOutline([
      { id: 'ch1', name: 'Points', topics: [] },
      { id: 'ch2', name: 'Lines', topics: [] },
    ]);
    expect(await title('Generated topic 1')).toBeInTheDocument();
    expect(chapterButton('Points')).toHaveAttribute('aria-expanded', 'true');
    expect(location()).toMatch(new RegExp(`^${BASE}/t-new-`));
    expect(screen.getByRole('button', { name: 'Update Topics' })).toBeInTheDocument();
    expect(generated(api)).toEqual(['POST /courses/c1/subjects/s1/chapters/ch1/generate_topics']);
  });

  it('does not generate when the author has no key', async () => {
    const { api } = renderOutline(
      [{ id: 'ch1', name: 'Points', topics: [] }],
      {},
      {
        hasApiKey: false,
      },
    );
    expect(await screen.findByText('No topics yet.')).toBeInTheDocument();
    await waitFor(() => expect(api.requests()).toContain('GET /auth/me'));
    expect(screen.getByRole('button', { name: 'Generate Topics' })).toBeEnabled();
    expect(generated(api)).toEqual([]);
  });

  it('does not generate for a chapter that has topics, nor read the profile', async () => {
    const { api } = renderOutline(course());
    expect(await title('Angles')).toBeInTheDocument();
    expect(generated(api)).toEqual([]);
    expect(api.requests()).not.toContain('GET /auth/me');
  });

  it('generates only once per page load: not for chapters generated afterwards', async () => {
    const user = userEvent.setup();
    const { api } = renderOutline([]);
    await user.click(await screen.findByRole('button', { name: 'Generate Chapters' }));
    expect(await screen.findByRole('button', { name: /^Generated chapter A$/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await screen.findByText('No topics yet.')).toBeInTheDocument();
    expect(generated(api)).toEqual(['POST /courses/c1/subjects/s1/generate_chapters']);
  });
});

describe('CourseOutlinePage lesson generation', () => {
  it('streams a lesson onto the page, stores it and turns the dot green', async () => {
    const user = userEvent.setup();
    const { api } = renderOutline(course(), { path: `${BASE}/t2`, state: { chapterId: 'ch2' } });
    expect(await title('Sides')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Generate Content' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sides' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Content' })).toBeEnabled();
    await waitFor(async () =>
      expect(within(await topicButton('Sides')).getByRole('img')).toHaveAccessibleName(
        'Has content',
      ),
    );
    const sent = api.spy.mock.calls.find(([url]) => String(url).endsWith('/generate_content'));
    expect(new Headers(sent?.[1]?.headers).get('accept')).toBe('text/event-stream');
  });

  it('says the update failed when a topic with a lesson could not be regenerated', async () => {
    const user = userEvent.setup();
    fakeOutlineApi(course(), { generationFailure: { status: 500, error: 'boom' } });
    renderWithRouter(
      [
        {
          path: 'courses/:courseId/subjects/:subjectId/content/:topicId?',
          element: <CourseOutlinePage />,
        },
      ],
      { session: 'user', path: BASE },
    );
    expect(await title('Angles')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Update Content' }));
    expect(
      await screen.findByText('Failed to update content. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Sum is/)).toBeInTheDocument();
  });
});

describe('CourseOutlinePage removed citations', () => {
  it('says how many citations were removed after Regenerate with instructions, as a status', async () => {
    const user = userEvent.setup();
    fakeOutlineApi(course(), {
      checked: { content: '## Angles again\n\nChecked.', removed_citations: 1 },
    });
    renderWithRouter(
      [
        {
          path: 'courses/:courseId/subjects/:subjectId/content/:topicId?',
          element: <CourseOutlinePage />,
        },
      ],
      { session: 'user', path: `${BASE}/t1` },
    );
    expect(await title('Angles')).toBeInTheDocument();
    await user.click(
      await screen.findByRole('button', {
        name: 'Regenerate with instructions: the lesson Angles',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Shorter');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await screen.findByRole('heading', { name: 'Angles again' });
    const message = screen.getByText(
      '1 citation could not be checked against your sources and was removed.',
    );
    expect(message.closest('[role="status"]')).not.toBeNull();
  });
});

describe('CourseOutlinePage whole-course generation', () => {
  it("shows the progress of the course's running job near the top", async () => {
    renderOutline(course(), {}, { latestJob: testJob() });
    const panel = await screen.findByRole('region', { name: 'Course generation' });
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'Generating course: 37 of 120 steps',
    );
    expect(within(panel).getByRole('button', { name: 'Stop' })).toBeEnabled();
  });
});
