import type { Publication } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter } from '../../../testing/test-session';
import { PUBLISHING_TEXT } from '../publishing-messages';
import { PublishPanel } from './PublishPanel';
import { testCourse } from '../../../testing/test-course';

const SLUG = 'Ab3_x-Yz9Qw2Er7T';
const LINK = `${window.location.origin}/learn/${SLUG}`;

/**
 * An in-memory publishing API for course c1: GET/POST/DELETE /courses/c1/publish. `failPublish`
 * makes POST answer an error.
 */
function fakePublishingApi({
  published = false,
  failPublish,
}: { published?: boolean; failPublish?: { status: number; error: string } } = {}) {
  let publication: Publication | null = published
    ? { slug: SLUG, url: LINK, published_at: '2026-11-20T10:00:00.000Z', version: 1, listed: false }
    : null;
  const spy = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/courses/c1/tree')
      return Response.json({ course: testCourse(), subjects: [] });
    if (url !== '/api/courses/c1/publish')
      return Response.json({ error: 'Not found' }, { status: 404 });
    if (method === 'POST') {
      if (failPublish)
        return Response.json({ error: failPublish.error }, { status: failPublish.status });
      publication = {
        slug: SLUG,
        url: LINK,
        published_at: '2026-11-23T10:00:00.000Z',
        version: (publication?.version ?? 0) + 1,
        listed: publication?.listed ?? false,
      };
      return Response.json(publication);
    }
    if (method === 'DELETE') {
      publication = null;
      return Response.json({ message: 'Course unpublished' });
    }
    return Response.json({ publication });
  });
  return {
    spy,
    current: () => publication,
    requests: () => spy.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`),
  };
}

function renderPanel() {
  const user = userEvent.setup();
  renderInRouter(<PublishPanel courseId="c1" />, { session: 'user' });
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('PublishPanel', () => {
  it('shows a skeleton while the status loads', () => {
    stubFetch(() => new Promise(() => {}));
    renderPanel();
    expect(screen.getByLabelText('Loading publishing status')).toHaveAttribute('aria-busy', 'true');
  });

  it('publishes after a dialog that says what learners will see, then shows the link', async () => {
    const api = fakePublishingApi();
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish course' });
    expect(dialog).toHaveTextContent(
      'a snapshot of the course as it is now: its name, description, cover, subjects, chapters, topics and lessons',
    );
    expect(dialog).toHaveTextContent('only when you publish them with Publish changes');
    expect(dialog).toHaveTextContent(
      'Anyone with the link can open the course, without an account.',
    );
    expect(api.requests()).not.toContain('POST /api/courses/c1/publish');

    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests()).toContain('POST /api/courses/c1/publish');
    expect(screen.getByText('Published')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: LINK });
    expect(link).toHaveAttribute('href', LINK);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'View analytics' })).toHaveAttribute(
      'href',
      '/courses/c1/analytics',
    );
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('keeps the publish dialog open with the server’s message when publishing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakePublishingApi({
      failPublish: {
        status: 409,
        error: 'This course is being published. Please try again in a moment.',
      },
    });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish course' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(
      await within(dialog).findByText(
        'This course is being published. Please try again in a moment.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('disables the dialog’s buttons while publishing', async () => {
    fakePublishingApi();
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    let finish: (response: Response) => void = () => {};
    stubFetch((url) =>
      url === '/api/courses/c1/tree'
        ? Response.json({ course: testCourse(), subjects: [] })
        : new Promise<Response>((resolve) => (finish = resolve)),
    );
    const dialog = screen.getByRole('dialog', { name: 'Publish course' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(within(dialog).getByRole('button', { name: 'Publishing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish(
      Response.json({
        slug: SLUG,
        url: LINK,
        published_at: '2026-11-23T10:00:00.000Z',
        version: 1,
        listed: false,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('flags the course as published in the cached course list', async () => {
    fakePublishingApi();
    const user = userEvent.setup();
    const { queryClient } = renderInRouter(<PublishPanel courseId="c1" />, { session: 'user' });
    const coursesKey = ['user', 'user-1', 'courses'];
    const course = testCourse();
    queryClient.setQueryData(coursesKey, [course, { ...course, id: 'c2' }]);
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Publish course' })).getByRole('button', {
        name: 'Publish',
      }),
    );
    await screen.findByRole('link', { name: LINK });
    expect(queryClient.getQueryData(coursesKey)).toEqual([
      { ...course, published: true },
      { ...course, id: 'c2' },
    ]);
    expect(queryClient.getQueryState(coursesKey)?.isInvalidated).toBe(true);
  });

  it('copies the share link and says so', async () => {
    fakePublishingApi({ published: true });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(await screen.findByText(PUBLISHING_TEXT.linkCopied)).toBeInTheDocument();
  });

  it('publishes changes as a new version behind the same link', async () => {
    const api = fakePublishingApi({ published: true });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Publish changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish changes' });
    expect(dialog).toHaveTextContent('at the same link');
    await user.click(within(dialog).getByRole('button', { name: 'Publish changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests().filter((request) => request.startsWith('POST'))).toHaveLength(1);
    expect(api.current()?.version).toBe(2);
    expect(screen.getByRole('link', { name: LINK })).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
  });

  it('unpublishes only after confirmation, then offers Publish again', async () => {
    const api = fakePublishingApi({ published: true });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    let dialog = screen.getByRole('dialog', { name: 'Unpublish course' });
    expect(dialog).toHaveTextContent('Are you sure you want to unpublish this course?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests()).not.toContain('DELETE /api/courses/c1/publish');

    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    dialog = screen.getByRole('dialog', { name: 'Unpublish course' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(api.requests()).toContain('DELETE /api/courses/c1/publish');
    expect(screen.queryByText('Published')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: LINK })).not.toBeInTheDocument();
    expect(screen.getByText(PUBLISHING_TEXT.notPublished)).toBeInTheDocument();
  });
});
