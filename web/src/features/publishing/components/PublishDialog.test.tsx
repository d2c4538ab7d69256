import type { CourseTree, Publication } from '@coursecraft/contracts';
import { diagramKey } from '@coursecraft/markdown';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { testCourse } from '../../../testing/test-course';
import { renderInRouter } from '../../../testing/test-session';
import { PUBLISHING_TEXT } from '../publishing-messages';
import { PublishPanel } from './PublishPanel';

/**
 * A stand-in for mermaid (jsdom cannot lay out SVG): it draws `<svg>` naming the theme it was
 * initialised with, fails for a source containing FAIL, and holds each drawing until the test
 * lets it go when `hold` is on. `render` is a plain function (see MarkdownView.test.tsx).
 */
const mermaid = vi.hoisted(() => {
  const state = {
    settings: [] as Record<string, unknown>[],
    theme: 'default',
    hold: false,
    release: [] as (() => void)[],
  };
  return {
    state,
    initialize: (settings: Record<string, unknown>) => {
      state.settings.push(settings);
      state.theme = String(settings.theme);
    },
    render: async (id: string, code: string) => {
      const theme = state.theme;
      if (state.hold) await new Promise<void>((resolve) => state.release.push(resolve));
      if (code.includes('FAIL')) throw new Error('Parse error');
      return { svg: `<svg id="${id}"><text>${theme}</text></svg>` };
    },
  };
});
vi.mock('mermaid', () => ({ default: mermaid }));

const SLUG = 'Ab3_x-Yz9Qw2Er7T';
const FLOW = 'graph LR\n  A --> B';
const SEQUENCE = 'sequenceDiagram\n  A->>B: hi';
const PIE = 'pie\n  "a": 1';
const fenced = (source: string) => `\`\`\`mermaid\n${source}\n\`\`\``;

const topic = (id: string, content: string | null) => ({
  id,
  name: id,
  has_content: content !== null,
  content,
});

/** Two lessons with diagrams (FLOW twice), one without any, one empty topic. */
function treeWith(first: string[], second: string[]): CourseTree {
  return {
    course: testCourse(),
    subjects: [
      {
        id: 's1',
        name: 'S',
        description: null,
        image_url: null,
        has_chapters: true,
        chapters: [
          {
            id: 'ch1',
            name: 'C',
            has_topics: true,
            topics: [
              topic('t1', `## One\n\n${first.map(fenced).join('\n\n')}`),
              topic('t2', '## No diagram'),
              topic('t3', null),
            ],
          },
          {
            id: 'ch2',
            name: 'D',
            has_topics: true,
            topics: [topic('t4', `## Two\n\n${second.map(fenced).join('\n\n')}`)],
          },
        ],
      },
    ],
  };
}

interface FakeOptions {
  tree?: CourseTree;
  stored?: string[];
  published?: Publication | null;
  failUpload?: boolean;
  failListing?: boolean;
}

/** The publishing, tree, diagrams and listing endpoints of course c1, in memory. */
function fakeApi({
  tree = treeWith([FLOW], [SEQUENCE, FLOW]),
  stored = [],
  published = null,
  failUpload = false,
  failListing = false,
}: FakeOptions = {}) {
  let publication = published;
  const uploads: { topic: string; keys: string[]; drawings: Record<string, string>[] }[] = [];
  const publishBodies: unknown[] = [];
  let holdListing: ((response: Response) => void) | null = null;
  const state = { holdListing: false };
  const spy = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body: unknown = init.body === undefined ? undefined : JSON.parse(String(init.body));
    if (url === '/api/courses/c1/tree') return Response.json(tree);
    if (url === '/api/courses/c1/diagrams') return Response.json({ keys: stored });
    const upload =
      /^\/api\/courses\/c1\/subjects\/s1\/chapters\/(ch\d)\/topics\/(t\d)\/diagrams$/.exec(url);
    if (upload && method === 'PUT') {
      if (failUpload)
        return Response.json({ error: 'Upload refused', code: 'VALIDATION' }, { status: 400 });
      const drawings = (body as { drawings: Record<string, string>[] }).drawings;
      uploads.push({ topic: upload[2] ?? '', keys: drawings.map((d) => d.key ?? ''), drawings });
      return Response.json({ keys: drawings.map((d) => d.key) });
    }
    if (url === '/api/courses/c1/publish/listing' && method === 'PUT') {
      const answer = () =>
        failListing
          ? Response.json({ error: 'Listing refused', code: 'VALIDATION' }, { status: 400 })
          : Response.json(
              (publication = { ...publication!, listed: (body as { listed: boolean }).listed }),
            );
      if (state.holdListing)
        return new Promise<Response>((resolve) => (holdListing = () => resolve(answer())));
      return answer();
    }
    if (url === '/api/courses/c1/publish' && method === 'POST') {
      publishBodies.push(body);
      publication = {
        slug: SLUG,
        url: `http://localhost/learn/${SLUG}`,
        published_at: '2026-11-23T10:00:00.000Z',
        version: (publication?.version ?? 0) + 1,
        listed: (body as { listed?: boolean }).listed ?? publication?.listed ?? false,
      };
      return Response.json(publication);
    }
    if (url === '/api/courses/c1/publish') return Response.json({ publication });
    return Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  return {
    spy,
    state,
    uploads,
    publishBodies,
    releaseListing: () => holdListing?.(new Response()),
    requests: () => spy.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`),
  };
}

async function openPublish(label = 'Publish') {
  const user = userEvent.setup();
  renderInRouter(<PublishPanel courseId="c1" />, { session: 'user' });
  await user.click(await screen.findByRole('button', { name: label }));
  const dialog = screen.getByRole('dialog', {
    name: label === 'Publish' ? 'Publish course' : label,
  });
  return { user, dialog };
}

beforeEach(() => {
  mermaid.state.settings.length = 0;
  mermaid.state.hold = false;
  mermaid.state.release.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Publish dialog: diagrams', () => {
  it(
    'draws each missing diagram in light and dark, shows the progress, uploads per lesson, then publishes',
    { timeout: 20_000 },
    async () => {
      const api = fakeApi({
        stored: [await diagramKey(PIE)],
        tree: treeWith([FLOW, PIE], [SEQUENCE, FLOW]),
      });
      mermaid.state.hold = true;
      const { user, dialog } = await openPublish();
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

      await waitFor(() =>
        expect(within(dialog).getByRole('status')).toHaveTextContent('Drawing diagrams 1 of 2'),
      );
      expect(within(dialog).getByRole('button', { name: 'Publishing...' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(
        within(dialog).getByRole('checkbox', { name: 'List in search engines' }),
      ).toBeDisabled();
      await waitFor(() => expect(mermaid.state.release).toHaveLength(1));
      mermaid.state.release.shift()?.();
      await waitFor(() => expect(mermaid.state.release).toHaveLength(1));
      mermaid.state.release.shift()?.();
      expect(await within(dialog).findByText('Drawing diagrams 2 of 2')).toBeInTheDocument();
      await waitFor(() => expect(mermaid.state.release).toHaveLength(1));
      mermaid.state.release.shift()?.();
      await waitFor(() => expect(mermaid.state.release).toHaveLength(1));
      mermaid.state.release.shift()?.();

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const [flow, sequence] = [await diagramKey(FLOW), await diagramKey(SEQUENCE)];
      expect(api.uploads.map(({ topic, keys }) => ({ topic, keys }))).toEqual([
        { topic: 't1', keys: [flow] },
        { topic: 't4', keys: [sequence] },
      ]);
      expect(api.uploads[0]?.drawings[0]).toEqual({
        key: flow,
        light: `<svg id="diagram-${flow.slice(0, 16)}-light"><text>default</text></svg>`,
        dark: `<svg id="diagram-${flow.slice(0, 16)}-dark"><text>dark</text></svg>`,
      });
      // Labels as SVG text, mermaid's strict mode; the lesson view's settings come back after.
      const drawingSettings = mermaid.state.settings.filter(
        (settings) => settings.htmlLabels === false,
      );
      expect(drawingSettings).toHaveLength(4);
      for (const settings of drawingSettings) {
        expect(settings).toMatchObject({
          securityLevel: 'strict',
          flowchart: { htmlLabels: false },
        });
      }
      expect(mermaid.state.settings.at(-1)).toEqual({
        startOnLoad: false,
        securityLevel: 'strict',
        theme: 'default',
      });
      const requests = api.requests();
      expect(requests.indexOf('POST /api/courses/c1/publish')).toBeGreaterThan(
        requests.lastIndexOf('PUT /api/courses/c1/subjects/s1/chapters/ch2/topics/t4/diagrams'),
      );
      expect(screen.getByText('Published')).toBeInTheDocument();
    },
  );

  it('skips a diagram that fails to draw and still publishes, saying learners see its text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = fakeApi({ tree: treeWith([`${FLOW}\n  FAIL --> X`], [SEQUENCE]) });
    const { user, dialog } = await openPublish();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.uploads.map(({ topic, keys }) => ({ topic, keys }))).toEqual([
      { topic: 't4', keys: [await diagramKey(SEQUENCE)] },
    ]);
    expect(api.requests()).toContain('POST /api/courses/c1/publish');
    expect(
      await screen.findByText('One diagram could not be drawn: learners see it as text.'),
    ).toBeInTheDocument();
  });

  it('does not publish when an upload fails, and shows why', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({ failUpload: true });
    const { user, dialog } = await openPublish();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Upload refused')).toBeInTheDocument();
    expect(api.requests()).not.toContain('POST /api/courses/c1/publish');
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('draws nothing when every diagram is stored', async () => {
    const keys = await Promise.all([FLOW, SEQUENCE].map((source) => diagramKey(source)));
    const api = fakeApi({ stored: keys });
    const { user, dialog } = await openPublish();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mermaid.state.settings).toEqual([]);
    expect(api.uploads).toEqual([]);
    expect(api.requests()).toContain('POST /api/courses/c1/publish');
  });
});

describe('List in search engines', () => {
  const live: Publication = {
    slug: SLUG,
    url: `http://localhost/learn/${SLUG}`,
    published_at: '2026-11-20T10:00:00.000Z',
    version: 1,
    listed: false,
  };

  it('is a checkbox of the first publication, sent with the publish', async () => {
    const api = fakeApi({ tree: treeWith([], []) });
    const { user, dialog } = await openPublish();
    const box = within(dialog).getByRole('checkbox', { name: 'List in search engines' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.publishBodies).toEqual([{ listed: true }]);
    expect(await screen.findByRole('switch', { name: 'List in search engines' })).toBeChecked();
  });

  it('keeps the choice on Publish changes, which offers no checkbox', async () => {
    const api = fakeApi({ tree: treeWith([], []), published: { ...live, listed: true } });
    const { user, dialog } = await openPublish('Publish changes');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.publishBodies).toEqual([{}]);
  });

  it('is a switch once published: saved at once, disabled while saving', async () => {
    const api = fakeApi({ published: live });
    api.state.holdListing = true;
    const user = userEvent.setup();
    renderInRouter(<PublishPanel courseId="c1" />, { session: 'user' });
    const toggle = await screen.findByRole('switch', { name: 'List in search engines' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeDisabled();
    expect(toggle).toBeChecked();
    await waitFor(() => expect(api.requests()).toContain('PUT /api/courses/c1/publish/listing'));
    api.releaseListing();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
  });

  it('shows the failure and the stored choice when the switch cannot save', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ published: live, failListing: true });
    const user = userEvent.setup();
    renderInRouter(<PublishPanel courseId="c1" />, { session: 'user' });
    const toggle = await screen.findByRole('switch', { name: 'List in search engines' });
    await user.click(toggle);
    expect(await screen.findByText('Listing refused')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
    expect(PUBLISHING_TEXT.listingFailed).toBeTruthy();
  });
});
