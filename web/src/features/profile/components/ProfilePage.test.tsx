import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { testProfile } from '../../../testing/test-profile';
import { renderInRouter } from '../../../testing/test-session';
import { ProfilePage } from './ProfilePage';

const notice = () => screen.queryByRole('region', { name: 'Profile e-mail verification' });

describe('ProfilePage e-mail verification', () => {
  it('asks an unverified user to verify their e-mail, with Resend', async () => {
    stubFetch(() => Response.json(testProfile()));
    renderInRouter(<ProfilePage />, { session: 'unverified', path: '/profile' });
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(notice()).toHaveTextContent(
      'Verify your e-mail: open the link we sent to ada@example.com.',
    );
    expect(within(notice() as HTMLElement).getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('shows no notice once the e-mail is verified', async () => {
    stubFetch(() => Response.json(testProfile()));
    renderInRouter(<ProfilePage />, { session: 'user', path: '/profile' });
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(notice()).not.toBeInTheDocument();
  });
});
