import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sentRequest, stubFetch } from '../../testing/fetch-stub';
import { renderWithRouter, type RenderWithRouterOptions } from '../../testing/test-session';
import { Navbar } from './Navbar';

function renderNavbar(options: RenderWithRouterOptions = {}) {
  return renderWithRouter(
    [
      { path: '/auth', element: <Navbar /> },
      { path: '*', element: <Navbar /> },
    ],
    { path: '/home', ...options },
  );
}

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

function linkNames(nav: ReturnType<typeof mainNav>) {
  return nav.getAllByRole('link').map((link: HTMLElement) => link.textContent);
}

describe('Navbar', () => {
  it('links the logo to /home', () => {
    renderNavbar({ session: 'visitor' });
    expect(screen.getByRole('link', { name: 'Coursecraft' })).toHaveAttribute('href', '/home');
  });

  it('offers a visitor Login and Sign Up', () => {
    renderNavbar({ session: 'visitor' });
    const nav = mainNav();
    expect(linkNames(nav)).toEqual(['Login', 'Sign Up']);
    expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth?mode=login');
    expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(nav.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('offers a signed-in user My Courses, Profile and Logout but not Admin', () => {
    renderNavbar({ session: 'user' });
    const nav = mainNav();
    expect(linkNames(nav)).toEqual(['My Courses', 'Profile']);
    expect(nav.getByRole('link', { name: 'My Courses' })).toHaveAttribute('href', '/courses');
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('adds the Admin entry for an admin', () => {
    renderNavbar({ session: 'admin' });
    const nav = mainNav();
    expect(linkNames(nav)).toEqual(['My Courses', 'Admin', 'Profile']);
    expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('shows no session entries while the auth state is loading', () => {
    renderNavbar({ session: 'loading' });
    expect(mainNav().queryAllByRole('link')).toHaveLength(0);
    expect(mainNav().queryByRole('button')).not.toBeInTheDocument();
  });

  it('marks the entry of the current page', () => {
    renderNavbar({ session: 'visitor', path: '/auth?mode=signup' });
    expect(mainNav().getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(mainNav().getByRole('link', { name: 'Login' })).not.toHaveAttribute('aria-current');
  });

  it('hides the mobile menu button on wide screens', () => {
    renderNavbar({ session: 'visitor' });
    expect(screen.queryByRole('button', { name: 'Open navigation menu' })).not.toBeInTheDocument();
  });

  it('logs out: signs out, clears the stored auth data and goes to /auth', async () => {
    const user = userEvent.setup();
    localStorage.setItem('auth_token', 'token');
    localStorage.setItem('current_user', '{}');
    localStorage.setItem('unrelated', 'kept');
    const signOut = vi.fn(async () => {});
    const { router } = renderNavbar({ session: 'user', signOut });

    await user.click(mainNav().getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(signOut).toHaveBeenCalledOnce();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('current_user')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('still clears the stored auth data and goes to /auth when sign-out fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('auth_token', 'token');
    localStorage.setItem('current_user', '{}');
    const signOut = vi.fn(async () => {
      throw new Error('network down');
    });
    const { router } = renderNavbar({ session: 'user', signOut });

    await user.click(mainNav().getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('current_user')).toBeNull();
  });
});

describe('Navbar e-mail verification notice', () => {
  const notice = () => screen.queryByRole('region', { name: 'E-mail verification' });
  const shownNotice = () => screen.findByRole('region', { name: 'E-mail verification' });

  it('asks an unverified user to verify their e-mail, with Resend', async () => {
    renderNavbar({ session: 'unverified' });
    const region = await shownNotice();
    expect(region).toHaveTextContent(
      'Verify your e-mail: open the link we sent to ada@example.com.',
    );
    expect(within(region as HTMLElement).getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('shows nothing to a verified user', () => {
    renderNavbar({ session: 'user' });
    expect(notice()).not.toBeInTheDocument();
  });

  it('Resend asks the API for a new e-mail and says it was sent', async () => {
    const user = userEvent.setup();
    const spy = stubFetch(() =>
      Response.json({ message: 'Verification e-mail sent. Please check your inbox.' }),
    );
    renderNavbar({ session: 'unverified' });
    await user.click(within(await shownNotice()).getByRole('button', { name: 'Resend' }));

    expect(await within(notice() as HTMLElement).findByRole('status')).toHaveTextContent(
      'Verification e-mail sent. Please check your inbox.',
    );
    const { url, init, body } = sentRequest(spy);
    expect([url, init.method]).toEqual(['/api/auth/resend-verification', 'POST']);
    expect(body).toEqual({ frontend_url: window.location.origin });
  });

  it("Resend shows the server's refusal, e.g. a mail sent less than a minute ago", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal =
      'A verification e-mail was sent less than a minute ago. Please check your inbox, or try again in a minute.';
    stubFetch(() => Response.json({ error: refusal }, { status: 429 }));
    renderNavbar({ session: 'unverified' });
    await user.click(within(await shownNotice()).getByRole('button', { name: 'Resend' }));
    expect(await within(notice() as HTMLElement).findByRole('status')).toHaveTextContent(refusal);
  });
});

describe('Navbar on a phone', () => {
  const phone = { viewport: 'phone' } as const;

  function menuToggle() {
    return screen.getByRole('button', { name: 'Open navigation menu' });
  }

  it('collapses the entries behind a menu button', () => {
    renderNavbar({ ...phone, session: 'visitor' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menuToggle()).toHaveAttribute('aria-controls', 'mobile-navigation');
    expect(document.getElementById('mobile-navigation')).toBeInTheDocument();
  });

  it('opens and closes the menu with the menu button', async () => {
    const user = userEvent.setup();
    renderNavbar({ ...phone, session: 'visitor' });

    await user.click(menuToggle());
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'true');
    const nav = mainNav();
    expect(linkNames(nav)).toEqual(['Login', 'Sign Up']);
    expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');

    await user.click(menuToggle());
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('navigation')).not.toBeInTheDocument());
  });

  it('closes the menu after an entry is chosen and follows it', async () => {
    const user = userEvent.setup();
    const { router } = renderNavbar({ ...phone, session: 'visitor' });

    await user.click(menuToggle());
    await user.click(mainNav().getByRole('link', { name: 'Sign Up' }));

    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?mode=signup');
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu on Escape and returns focus to the menu button', async () => {
    const user = userEvent.setup();
    renderNavbar({ ...phone, session: 'user' });

    await user.click(menuToggle());
    mainNav().getByRole('link', { name: 'My Courses' }).focus();
    await user.keyboard('{Escape}');

    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menuToggle()).toHaveFocus();
  });

  it('lists the signed-in entries and Logout in the menu', async () => {
    const user = userEvent.setup();
    renderNavbar({ ...phone, session: 'admin' });

    await user.click(menuToggle());

    expect(linkNames(mainNav())).toEqual(['My Courses', 'Admin', 'Profile']);
    expect(mainNav().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
