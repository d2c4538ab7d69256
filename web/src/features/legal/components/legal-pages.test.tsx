import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';
import { TermsPage } from './TermsPage';

describe('TermsPage', () => {
  it('is dated May 1, 2025 and split into titled sections', () => {
    render(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(screen.getByText('Last updated: May 1, 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(6);
    expect(document.title).toBe('Terms of Service | Coursecraft');
  });

  it('states the minimum age of 13 and that the Google API key is stored encrypted', () => {
    render(<TermsPage />);
    expect(screen.getByText(/for users aged 13 and over/)).toBeInTheDocument();
    expect(screen.getByText(/Your key is stored encrypted/)).toBeInTheDocument();
  });
});

describe('PrivacyPolicyPage', () => {
  it('is dated May 1, 2025 and says the Google API key is stored encrypted', () => {
    render(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    expect(screen.getByText('Last updated: May 1, 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(6);
    expect(screen.getByText(/Google API key .* is stored encrypted/)).toBeInTheDocument();
  });
});
