import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../testing/test-session';
import { Footer } from './Footer';

function renderFooter() {
  renderInRouter(<Footer contactEmail="team@example.org" />);
  return within(screen.getByRole('contentinfo'));
}

describe('Footer', () => {
  it('links every footer entry to its destination', () => {
    const footer = renderFooter();
    const expected: Array<[string, string]> = [
      ['Courses', '/courses'],
      ['How It Works', '/coming-soon'],
      ['Blog', '/coming-soon'],
      ['AI Course Generator', '/create-course'],
      ['Help Center', '/coming-soon'],
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cookie Policy', '/coming-soon'],
    ];
    for (const [name, href] of expected) {
      expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('titles its sections Explore, Resources and Contact', () => {
    const footer = renderFooter();
    expect(footer.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      'Explore',
      'Resources',
      'Contact',
    ]);
  });

  it('links the contact address as a mailto link', () => {
    const footer = renderFooter();
    expect(footer.getByRole('link', { name: 'team@example.org' })).toHaveAttribute(
      'href',
      'mailto:team@example.org',
    );
  });

  it('shows the marketing copy and the 2025 copyright', () => {
    const footer = renderFooter();
    expect(footer.getByText(/turn an idea into a complete course/)).toBeInTheDocument();
    expect(footer.getByText('© 2025 Coursecraft. All rights reserved.')).toBeInTheDocument();
  });
});
