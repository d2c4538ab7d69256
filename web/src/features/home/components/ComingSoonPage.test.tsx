import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../../testing/test-session';
import { ComingSoonPage } from './ComingSoonPage';

describe('ComingSoonPage', () => {
  it('says the feature is coming and links back home', () => {
    renderInRouter(<ComingSoonPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Coming Soon' })).toBeInTheDocument();
    expect(screen.getByText(/This feature is coming soon/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
  });
});
