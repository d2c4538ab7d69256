import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { displayedStars } from './TestimonialCards';
import { TestimonialsSection, type HomeTestimonial } from './TestimonialsSection';

const testimonials: HomeTestimonial[] = [
  { id: 't1', quote: 'Built a full statistics course in an evening.', rating: 5, author: 'Grace' },
  { id: 't2', quote: 'Handy for my workshops.', rating: 4.5, author: 'Alan' },
];

describe('TestimonialsSection', () => {
  it('shows the testimonials it is given with their author and stars', async () => {
    render(<TestimonialsSection testimonials={testimonials} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(/Built a full statistics course/)).toBeInTheDocument();
    expect(screen.getByText('Grace')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5 Stars' })).toBeInTheDocument();
    expect(screen.getByText(/Handy for my workshops/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4.5 Stars' })).toBeInTheDocument();
  });

  it('says there are none yet when it is given none', () => {
    render(<TestimonialsSection testimonials={[]} />);
    expect(
      screen.getByText('No testimonials yet. Be the first to share your experience!'),
    ).toBeInTheDocument();
  });

  it('shows a spinner while loading and the error when loading failed', () => {
    const { rerender } = render(<TestimonialsSection testimonials={[]} loading />);
    expect(screen.getByRole('progressbar', { name: 'Loading testimonials' })).toBeInTheDocument();
    rerender(<TestimonialsSection testimonials={[]} error="Failed to load testimonials" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load testimonials');
  });

  it('rounds ratings down to whole or half stars', () => {
    expect(displayedStars(4)).toBe(4);
    expect(displayedStars(4.49)).toBe(4);
    expect(displayedStars(4.5)).toBe(4.5);
    expect(displayedStars(4.99)).toBe(4.5);
    expect(displayedStars(7)).toBe(5);
  });
});
