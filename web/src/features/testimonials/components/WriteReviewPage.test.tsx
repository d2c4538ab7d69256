import { QUOTE_REQUIRED, type Testimonial } from '@coursecraft/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentRequest, stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter } from '../../../testing/test-session';
import { FIELD_LABELS, SUCCESS_CLOSE_MS, TESTIMONIAL_TEXT } from '../testimonial-messages';
import { WriteReviewPage } from './WriteReviewPage';

function testimonialOf(extra: Partial<Testimonial> = {}): Testimonial {
  return {
    id: 't1',
    quote: 'Built my first course in an evening.',
    rating: 4,
    author: 'Ada Lovelace',
    is_approved: false,
    status: 'pending',
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    ...extra,
  };
}

type Write = 'POST' | 'PUT' | 'DELETE';

/**
 * A fake testimonials API: `mine` is the user's testimonial (none: 404); a write listed in
 * `fail` answers that response instead; `hold` keeps writes waiting until `release()`.
 */
function stubApi({
  mine = null,
  load,
  fail = {},
  hold = false,
}: {
  mine?: Testimonial | null;
  load?: () => Response;
  fail?: Partial<Record<Write, () => Response>>;
  hold?: boolean;
} = {}) {
  let current = mine;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const spy = stubFetch(async (url, init) => {
    const method = (init.method ?? 'GET') as 'GET' | Write;
    if (method === 'GET') {
      if (url === '/api/testimonials') return Response.json([]);
      if (load) return load();
      return current
        ? Response.json(current)
        : Response.json({ error: 'Testimonial not found' }, { status: 404 });
    }
    if (hold) await held;
    const failure = fail[method];
    if (failure) return failure();
    if (method === 'DELETE') {
      current = null;
      return new Response(null, { status: 204 });
    }
    const body = JSON.parse(String(init.body)) as { quote: string; rating: number };
    current = testimonialOf({ ...current, ...body, is_approved: false, status: 'pending' });
    return Response.json(current, { status: method === 'POST' ? 201 : 200 });
  });
  const writes = () => spy.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
  return { spy, writes, release };
}

function renderPage() {
  renderInRouter(<WriteReviewPage />, { session: 'user', path: '/write-review' });
  return userEvent.setup();
}

/** Like renderPage, with fake timers (that still run) to step over the 3 s before closing. */
function renderPageWithFakeTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  renderInRouter(<WriteReviewPage />, { session: 'user', path: '/write-review' });
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

/**
 * Picks a star without pointer moves: MUI's Rating takes the hovered star from the pointer's
 * position, which jsdom (no layout) cannot give.
 */
function pickStars(radio: HTMLElement) {
  fireEvent.click(radio);
}

/** The index of the spy's first call with `method`. */
function callIndex(spy: ReturnType<typeof stubFetch>, method: Write): number {
  return spy.mock.calls.findIndex(([, init]) => init?.method === method);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('WriteReviewPage', () => {
  it('shows a spinner while loading, under the breadcrumb', () => {
    stubFetch(() => new Promise(() => {}));
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading your testimonial' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Home/My Testimonial',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('invites a user without a testimonial to add one', async () => {
    stubApi();
    renderPage();
    expect(await screen.findByText(TESTIMONIAL_TEXT.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Your Testimonial' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a load failure with Retry, and loads again', async () => {
    let failing = true;
    stubApi({
      load: () =>
        failing
          ? Response.json({ error: 'boom' }, { status: 500 })
          : Response.json(testimonialOf()),
    });
    const user = renderPage();
    expect(await screen.findByText(TESTIMONIAL_TEXT.loadFailed)).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Pending approval')).toBeInTheDocument();
  });

  it('refuses a blank testimonial without asking the server', async () => {
    const { writes } = stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Your Testimonial' }));
    await user.type(screen.getByLabelText(FIELD_LABELS.quote), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(QUOTE_REQUIRED)).toBeInTheDocument();
    expect(screen.getByLabelText(FIELD_LABELS.quote)).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toHaveLength(0);
  });

  it('submits the trimmed quote with the default 5 stars, then closes the form after 3 s', async () => {
    const { spy } = stubApi();
    const user = renderPageWithFakeTimers();
    await user.click(await screen.findByRole('button', { name: 'Add Your Testimonial' }));
    const form = screen.getByRole('form', { name: 'New Testimonial' });
    expect(within(form).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: '5 Stars' })).toBeChecked();
    await user.type(within(form).getByLabelText(FIELD_LABELS.quote), '  Loved it!  ');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    expect(await within(form).findByText(TESTIMONIAL_TEXT.submitted)).toBeInTheDocument();
    const post = sentRequest(spy, callIndex(spy, 'POST'));
    expect(post.url).toBe('/api/testimonials');
    expect(post.body).toEqual({ quote: 'Loved it!', rating: 5 });
    expect(within(form).getByRole('button', { name: 'Submit' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(SUCCESS_CLOSE_MS - 100));
    expect(screen.getByText(TESTIMONIAL_TEXT.submitted)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByText(TESTIMONIAL_TEXT.submitted)).not.toBeInTheDocument();
    expect(screen.getByText('Pending approval')).toBeInTheDocument();
    expect(screen.getByText('“Loved it!”')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5 Stars' })).toBeInTheDocument();
  });

  it('sends the picked rating and says Submitting... while busy', async () => {
    const { spy, release } = stubApi({ hold: true });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Your Testimonial' }));
    await user.type(screen.getByLabelText(FIELD_LABELS.quote), 'Good');
    pickStars(screen.getByRole('radio', { name: '3 Stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    expect(await screen.findByText(TESTIMONIAL_TEXT.submitted)).toBeInTheDocument();
    expect(sentRequest(spy, callIndex(spy, 'POST')).body).toEqual({ quote: 'Good', rating: 3 });
  });

  it.each([
    ['pending', 'Pending approval'],
    ['approved', 'Approved and public'],
    ['rejected', 'Not approved'],
  ] as const)('shows a %s testimonial with its stars and status', async (status, text) => {
    stubApi({ mine: testimonialOf({ status, is_approved: status === 'approved' }) });
    renderPage();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 Stars' })).toBeInTheDocument();
    expect(screen.getByText('“Built my first course in an evening.”')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    if (status === 'rejected') {
      expect(screen.getByText(TESTIMONIAL_TEXT.rejectedHint)).toBeInTheDocument();
    } else {
      expect(screen.queryByText(TESTIMONIAL_TEXT.rejectedHint)).not.toBeInTheDocument();
    }
  });

  it('edits the testimonial with PUT and says it was resubmitted for approval', async () => {
    const { spy } = stubApi({ mine: testimonialOf({ status: 'approved', is_approved: true }) });
    const user = renderPageWithFakeTimers();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Testimonial' });
    const quote = within(form).getByLabelText(FIELD_LABELS.quote);
    expect(quote).toHaveValue('Built my first course in an evening.');
    expect(within(form).getByRole('radio', { name: '4 Stars' })).toBeChecked();
    await user.clear(quote);
    await user.type(quote, 'Even better now.');
    pickStars(within(form).getByRole('radio', { name: '5 Stars' }));
    await user.click(within(form).getByRole('button', { name: 'Update' }));

    expect(await within(form).findByText(TESTIMONIAL_TEXT.updated)).toBeInTheDocument();
    const put = sentRequest(spy, callIndex(spy, 'PUT'));
    expect(put.url).toBe('/api/testimonials/t1');
    expect(put.body).toEqual({ quote: 'Even better now.', rating: 5 });
    act(() => vi.advanceTimersByTime(SUCCESS_CLOSE_MS));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText('Pending approval')).toBeInTheDocument();
  });

  it('cancels an edit without saving', async () => {
    const { writes } = stubApi({ mine: testimonialOf() });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText(FIELD_LABELS.quote), ' more');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText('“Built my first course in an evening.”')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('asks before deleting, and Cancel keeps the testimonial', async () => {
    const { writes } = stubApi({ mine: testimonialOf() });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Testimonial' });
    expect(dialog).toHaveTextContent(TESTIMONIAL_TEXT.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('form', { name: 'Edit Testimonial' })).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('deletes the testimonial with DELETE once confirmed', async () => {
    const { spy, release } = stubApi({ mine: testimonialOf(), hold: true });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Testimonial' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    release();
    expect(await screen.findByText(TESTIMONIAL_TEXT.deleted)).toBeInTheDocument();
    expect(sentRequest(spy, callIndex(spy, 'DELETE')).url).toBe('/api/testimonials/t1');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Your Testimonial' })).toBeInTheDocument();
  });

  const serverError = () =>
    Response.json({ error: 'You already have a testimonial' }, { status: 409 });
  const unreachable = () => Response.json({}, { status: 500 });

  it.each([
    ['the server error', serverError, 'You already have a testimonial'],
    ['the fallback', unreachable, TESTIMONIAL_TEXT.submitFailed],
  ])('shows %s when submitting fails', async (_case, answer, message) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ fail: { POST: answer } });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Your Testimonial' }));
    await user.type(screen.getByLabelText(FIELD_LABELS.quote), 'Great');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(logged).toHaveBeenCalled();
  });

  it.each([
    [
      'the server error',
      () => Response.json({ error: 'Quote too long' }, { status: 400 }),
      'Quote too long',
    ],
    ['the fallback', unreachable, TESTIMONIAL_TEXT.updateFailed],
  ])('shows %s when updating fails', async (_case, answer, message) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ mine: testimonialOf(), fail: { PUT: answer } });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('form', { name: 'Edit Testimonial' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it.each([
    ['the server error', () => Response.json({ error: 'Not yours' }, { status: 403 }), 'Not yours'],
    ['the fallback', unreachable, TESTIMONIAL_TEXT.deleteFailed],
  ])('shows %s when deleting fails', async (_case, answer, message) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ mine: testimonialOf(), fail: { DELETE: answer } });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Testimonial' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('form', { name: 'Edit Testimonial' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('refreshes the public list after an approved testimonial is edited, not after a new one', async () => {
    const approvedKey = ['testimonials', 'approved'];
    const { spy } = stubApi({ mine: testimonialOf({ status: 'approved', is_approved: true }) });
    const { queryClient } = renderInRouter(<WriteReviewPage />, {
      session: 'user',
      path: '/write-review',
    });
    queryClient.setQueryData(approvedKey, []);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(TESTIMONIAL_TEXT.updated)).toBeInTheDocument();
    expect(queryClient.getQueryState(approvedKey)?.isInvalidated).toBe(true);
    expect(callIndex(spy, 'PUT')).toBeGreaterThan(-1);
  });

  it('leaves the public list alone when a new testimonial is submitted', async () => {
    const approvedKey = ['testimonials', 'approved'];
    stubApi();
    const { queryClient } = renderInRouter(<WriteReviewPage />, {
      session: 'user',
      path: '/write-review',
    });
    queryClient.setQueryData(approvedKey, []);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Your Testimonial' }));
    await user.type(screen.getByLabelText(FIELD_LABELS.quote), 'Great');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(TESTIMONIAL_TEXT.submitted)).toBeInTheDocument();
    expect(queryClient.getQueryState(approvedKey)?.isInvalidated).toBe(false);
  });
});
