import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../../testing/test-session';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  it('opens with a hero whose Start Authoring button leads to /create-course', () => {
    renderInRouter(<HomePage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Start Authoring' })).toHaveAttribute(
      'href',
      '/create-course',
    );
  });

  it('presents three features, two of them marked Coming Soon', () => {
    renderInRouter(<HomePage />);
    const cards = ['AI-Assisted Authoring', 'Drag & Drop Builder', 'Publish & Track'].map(
      (name) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement,
    );
    const [authoring, builder, publish] = cards.map((card) => within(card));
    expect(authoring?.queryByText('Coming Soon')).not.toBeInTheDocument();
    expect(builder?.getByText('Coming Soon')).toBeInTheDocument();
    expect(publish?.getByText('Coming Soon')).toBeInTheDocument();
    expect(screen.getAllByText('Coming Soon')).toHaveLength(2);
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

  it('says there are no testimonials yet', () => {
    renderInRouter(<HomePage />);
    expect(screen.getByRole('heading', { name: 'What authors say' })).toBeInTheDocument();
    expect(
      screen.getByText('No testimonials yet. Be the first to share your experience!'),
    ).toBeInTheDocument();
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
