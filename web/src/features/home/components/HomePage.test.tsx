import type { Testimonial } from '@coursecraft/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sentRequest, stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter } from '../../../testing/test-session';
import { HomePage } from './HomePage';

function testimonialOf(
  id: string,
  rating: number,
  quote: string,
  extra: Partial<Testimonial> = {},
): Testimonial {
  return {
    id,
    quote,
    rating,
    author: `Author ${id}`,
    is_approved: true,
    status: 'approved',
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    ...extra,
  };
}

/** `GET /api/testimonials` answers `answer` (default: none yet). */
function stubTestimonials(answer: () => Response | Promise<Response> = () => Response.json([])) {
  return stubFetch(answer);
}

beforeEach(() => {
  stubTestimonials();
});

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('opens with a hero whose Start Authoring button leads to /create-course', () => {
    renderInRouter(<HomePage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Start Authoring' })).toHaveAttribute(
      'href',
      '/create-course',
    );
  });

  /** The feature cards, by title. */
  function featureCards() {
    const [authoring, builder, publish] = [
      'AI-Assisted Authoring',
      'Drag & Drop Builder',
      'Publish & Track',
    ].map((name) =>
      within(screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement),
    );
    return { authoring, builder, publish };
  }

  it('presents three features, none of them marked Coming Soon any more', () => {
    renderInRouter(<HomePage />);
    const { authoring, builder, publish } = featureCards();
    expect(authoring?.queryByText('Coming Soon')).not.toBeInTheDocument();
    expect(builder?.queryByText('Coming Soon')).not.toBeInTheDocument();
    expect(
      builder?.getByText(/drag them with the mouse, by touch or with the keyboard/),
    ).toBeInTheDocument();
    expect(publish?.queryByText('Coming Soon')).not.toBeInTheDocument();
    expect(screen.queryByText('Coming Soon')).not.toBeInTheDocument();
  });

  it('leads a visitor from Publish & Track to sign-up', () => {
    renderInRouter(<HomePage />, { session: 'visitor' });
    const { publish, authoring } = featureCards();
    expect(publish?.getByRole('link', { name: 'Sign up to publish' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
    expect(publish?.queryByRole('link', { name: 'Go to your courses' })).not.toBeInTheDocument();
    expect(authoring?.queryByRole('link')).not.toBeInTheDocument();
  });

  it('leads a signed-in author from Publish & Track to their courses', () => {
    renderInRouter(<HomePage />, { session: 'user' });
    const { publish } = featureCards();
    expect(publish?.getByRole('link', { name: 'Go to your courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
    expect(publish?.queryByRole('link', { name: 'Sign up to publish' })).not.toBeInTheDocument();
  });

  it('explains the three steps of authoring a course', () => {
    renderInRouter(<HomePage />);
    const steps = screen.getByRole('heading', { name: 'Three steps to your course' })
      .nextElementSibling as HTMLElement;
    expect(
      within(steps)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Describe your course', 'Generate the structure', 'Refine and teach']);
  });

  it('says there are no testimonials yet', async () => {
    const spy = stubTestimonials();
    renderInRouter(<HomePage />);
    expect(screen.getByRole('heading', { name: 'What authors say' })).toBeInTheDocument();
    expect(
      await screen.findByText('No testimonials yet. Be the first to share your experience!'),
    ).toBeInTheDocument();
    const { url, init } = sentRequest(spy);
    expect(url).toBe('/api/testimonials');
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it('shows a spinner while the testimonials load', () => {
    stubTestimonials(() => new Promise(() => {}));
    renderInRouter(<HomePage />);
    expect(screen.getByRole('progressbar', { name: 'Loading testimonials' })).toBeInTheDocument();
  });

  it('shows only approved testimonials rated 4 or more', async () => {
    stubTestimonials(() =>
      Response.json([
        testimonialOf('t1', 5, 'Built a course in an evening.'),
        testimonialOf('t2', 3, 'It was fine.'),
        testimonialOf('t3', 4, 'Handy for workshops.'),
        testimonialOf('t4', 5, 'Not reviewed yet.', { is_approved: false, status: 'pending' }),
      ]),
    );
    renderInRouter(<HomePage />);
    expect(await screen.findByText('“Built a course in an evening.”')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'What authors say' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(within(section).getByText('“Handy for workshops.”')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: '4 Stars' })).toBeInTheDocument();
    expect(within(section).getByText('Author t1')).toBeInTheDocument();
    expect(screen.queryByText(/It was fine/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Not reviewed yet/)).not.toBeInTheDocument();
  });

  it('says when the testimonials failed to load', async () => {
    stubTestimonials(() => Response.json({ error: 'boom' }, { status: 500 }));
    renderInRouter(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load testimonials');
  });

  it('closes with a call to action that leads to /auth', () => {
    renderInRouter(<HomePage />);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
  });

  it('invites a signed-in user to write a review', () => {
    renderInRouter(<HomePage />, { session: 'user' });
    expect(screen.getByRole('link', { name: 'Share your experience' })).toHaveAttribute(
      'href',
      '/write-review',
    );
  });

  it('does not invite a visitor to write a review', () => {
    renderInRouter(<HomePage />, { session: 'visitor' });
    expect(screen.queryByRole('link', { name: 'Share your experience' })).not.toBeInTheDocument();
  });
});
