/** The app's addresses the learner pages link to (full page loads into the app). */
const APP_LINKS = {
  courses: '/courses',
  admin: '/admin',
  profile: '/profile',
  auth: '/auth',
} as const;

const original = new WeakMap<HTMLElement, Node[]>();

/**
 * The navbar's account entries. A visitor or an anonymous learner (`account` null) keeps the
 * page's Login and Sign Up; a signed-in account gets what the app's navbar offers: My Courses,
 * Admin for admins, Profile and Logout.
 */
export function showAccountNav(
  nav: HTMLElement,
  account: { isAdmin: boolean } | null,
  onLogout: () => void,
): void {
  if (!original.has(nav)) original.set(nav, [...nav.childNodes]);
  if (!account) {
    nav.replaceChildren(...(original.get(nav) ?? []));
    return;
  }
  const doc = nav.ownerDocument;
  const link = (label: string, href: string) => {
    const anchor = doc.createElement('a');
    anchor.href = href;
    anchor.textContent = label;
    return anchor;
  };
  const logout = doc.createElement('button');
  logout.type = 'button';
  logout.className = 'learn-logout';
  logout.textContent = 'Logout';
  logout.addEventListener('click', onLogout);
  nav.replaceChildren(
    link('My Courses', APP_LINKS.courses),
    ...(account.isAdmin ? [link('Admin', APP_LINKS.admin)] : []),
    link('Profile', APP_LINKS.profile),
    logout,
  );
}

export const AFTER_LOGOUT = APP_LINKS.auth;
