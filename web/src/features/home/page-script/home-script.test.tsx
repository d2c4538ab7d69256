import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_MENU_ID, Navbar } from '../../../components/layouts/Navbar';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter, type SessionKind } from '../../../testing/test-session';
import { FeatureCards } from '../components/FeatureCards';
import { ShareYourExperience, TESTIMONIALS_FAILED } from '../components/HomePage';
import { TestimonialCards } from '../components/TestimonialCards';
import { TestimonialsSection } from '../components/TestimonialsSection';
import { HOME_MENU_ID, startNavbar } from './home-navbar';
import { HOME_TEMPLATES } from './home-templates';
import { fetchTestimonials, minimumRating, showTestimonials } from './home-testimonials';

/**
 * Markup as the prerender writes it: the app's components, drawn once, kept as HTML. Laid out as
 * on a phone, where the menu toggle shows.
 */
function drawn(node: ReactNode, session: SessionKind = 'visitor'): string {
  const { container, unmount } = renderInRouter(node, { session, viewport: 'phone' });
  const html = container.innerHTML;
  unmount();
  container.remove();
  return html;
}

function addTemplate(id: string, html: string, attributes: Record<string, string> = {}) {
  const template = document.createElement('template');
  template.id = id;
  template.innerHTML = html;
  for (const [name, value] of Object.entries(attributes)) template.setAttribute(name, value);
  document.body.append(template);
}

/** The prerendered /home's parts this script works on: navbar, feature cards, testimonials. */
function prerenderedHome() {
  const page = drawn(
    <>
      <Navbar />
      <FeatureCards />
      <TestimonialsSection testimonials={[]} loading />
    </>,
  );
  for (const [state, session] of [
    ['visitor', 'visitor'],
    ['user', 'user'],
    ['admin', 'admin'],
  ] as const) {
    addTemplate(HOME_TEMPLATES.header[state], drawn(<Navbar menuOpen />, session));
  }
  addTemplate(
    HOME_TEMPLATES.testimonialCards,
    drawn(
      <TestimonialCards
        testimonials={[4, 4.5, 5].map((rating) => ({
          id: String(rating),
          rating,
          quote: '',
          author: '',
        }))}
      />,
    ),
    { 'data-min-rating': '4' },
  );
  addTemplate(HOME_TEMPLATES.testimonialsEmpty, drawn(<TestimonialsSection testimonials={[]} />));
  addTemplate(
    HOME_TEMPLATES.testimonialsError,
    drawn(<TestimonialsSection testimonials={[]} error={TESTIMONIALS_FAILED} />),
  );
  addTemplate(
    HOME_TEMPLATES.shareExperience,
    drawn(<TestimonialsSection testimonials={[]} action={<ShareYourExperience />} />),
  );
  const root = document.createElement('div');
  root.innerHTML = page;
  document.body.prepend(root);
}

beforeEach(() => {
  document.body.replaceChildren();
  prerenderedHome();
});

afterEach(() => vi.unstubAllGlobals());

const mainNav = () => document.querySelector('header nav[aria-label="Main"]')!;

describe('the /home navbar without the app', () => {
  it('controls the same menu as the app’s navbar', () => {
    expect(HOME_MENU_ID).toBe(MOBILE_MENU_ID);
  });

  it('opens the menu with the visitor’s entries and closes it on Escape, back on the toggle', () => {
    startNavbar(document, vi.fn());
    const toggle = screen.getByRole('button', { name: 'Open navigation menu' });
    const menu = document.getElementById(HOME_MENU_ID)!;
    expect(menu.childElementCount).toBe(0);
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const login = within(menu).getByRole('link', { name: 'Login' });
    expect(login).toHaveAttribute('href', '/auth?mode=login');
    expect(within(menu).getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
    login.focus();
    fireEvent.keyDown(login, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu.childElementCount).toBe(0);
    expect(toggle).toHaveFocus();
  });

  it('shows an admin’s entries, in the menu too, and logs out through onLogout', () => {
    const onLogout = vi.fn();
    const navbar = startNavbar(document, onLogout);
    navbar.show('admin');
    const entries = (nav: Element) =>
      [...nav.querySelectorAll('a, button')].map((entry) => entry.textContent);
    // The wide screen's row, hidden on a phone.
    expect(entries(mainNav())).toEqual(['My Courses', 'Admin', 'Profile', 'Logout']);
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const menu = document.getElementById(HOME_MENU_ID)!;
    expect(within(menu).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(entries(menu)).toEqual(['My Courses', 'Admin', 'Profile', 'Logout']);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    fireEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);

    navbar.show('visitor');
    expect(within(menu).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(entries(mainNav())).toEqual(['Login', 'Sign Up']);
  });
});

describe('the /home testimonials without the app', () => {
  const answer = [
    { quote: 'Built a course in an evening.', rating: 5, author: 'Grace', is_approved: true },
    { quote: 'It was fine.', rating: 3, author: 'Bob', is_approved: true },
    { quote: 'Handy for workshops.', rating: 4.5, author: 'Alan', is_approved: true },
    { quote: 'Not reviewed yet.', rating: 5, author: 'Eve', is_approved: false },
  ];

  it('keeps the approved ones rated at least the minimum the page carries', async () => {
    const spy = stubFetch(() => Response.json(answer));
    expect(minimumRating(document)).toBe(4);
    expect(await fetchTestimonials(minimumRating(document))).toEqual([
      { quote: 'Built a course in an evening.', rating: 5, author: 'Grace' },
      { quote: 'Handy for workshops.', rating: 4.5, author: 'Alan' },
    ]);
    expect(spy.mock.calls[0]?.[0]).toBe('/api/testimonials');
  });

  it('counts a failed request or an unexpected answer as an error', async () => {
    stubFetch(() => Response.json({ error: 'boom' }, { status: 500 }));
    expect(await fetchTestimonials(4)).toBe('error');
    stubFetch(() => Response.json([{ quote: 1 }]));
    expect(await fetchTestimonials(4)).toBe('error');
    stubFetch(() => Promise.reject(new TypeError('offline')));
    expect(await fetchTestimonials(4)).toBe('error');
  });

  it('draws the cards with the app’s markup', () => {
    const shown = [
      { quote: 'Built a course in an evening.', rating: 5, author: 'Grace' },
      { quote: 'Handy <b>for</b> workshops.', rating: 4.7, author: 'Alan' },
    ];
    showTestimonials(document, shown, false);
    const section = screen.getByRole('region', { name: 'What authors say' });
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(section).getByRole('img', { name: '4.5 Stars' })).toBeInTheDocument();
    expect(within(section).getByText('“Handy <b>for</b> workshops.”')).toBeInTheDocument();
    const appCards = drawn(
      <TestimonialCards
        testimonials={shown.map((entry, index) => ({ ...entry, id: `${index}` }))}
      />,
    );
    expect(section.querySelector('ul')?.outerHTML).toBe(appCards);
  });

  it('keeps the spinner until they arrive, then says there are none or that loading failed', () => {
    showTestimonials(document, undefined, true);
    const section = screen.getByRole('region', { name: 'What authors say' });
    expect(
      within(section).getByRole('progressbar', { name: 'Loading testimonials' }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Share your experience' })).toHaveAttribute(
      'href',
      '/write-review',
    );
    showTestimonials(document, [], false);
    expect(
      within(section).getByText('No testimonials yet. Be the first to share your experience!'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
    showTestimonials(document, 'error', false);
    expect(within(section).getByRole('alert')).toHaveTextContent(TESTIMONIALS_FAILED);
  });
});
