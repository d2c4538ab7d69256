import { copyOf, HOME_TEMPLATES, templateElement, type HomeSessionState } from './home-templates';

/** The id of the app navbar's collapsible menu (MOBILE_MENU_ID of the Navbar component). */
export const HOME_MENU_ID = 'mobile-navigation';
const MAIN_NAV = 'nav[aria-label="Main"]';
const LOGOUT_LABEL = 'Logout';

export interface HomeNavbar {
  /** Shows the entries of a session: Login and Sign Up, or the account's pages and Logout. */
  show: (state: HomeSessionState) => void;
}

function required<T extends Element>(element: T | null, what: string): T {
  if (!element) throw new Error(`The prerendered navbar has no ${what}.`);
  return element;
}

/**
 * The prerendered navbar made to work without the app: the menu toggle opens and closes the
 * collapsible menu (Escape inside it closes it and returns to the toggle), the entries follow
 * the session shown, and Logout calls `onLogout`. Entries are the app's own markup, copied from
 * the page's templates; links stay plain links.
 */
export function startNavbar(doc: Document, onLogout: () => void): HomeNavbar {
  const header = required(doc.querySelector('header'), 'header');
  const toggle = required(
    header.querySelector<HTMLButtonElement>(`button[aria-controls="${HOME_MENU_ID}"]`),
    'menu toggle',
  );
  const menu = required(doc.getElementById(HOME_MENU_ID), 'menu');
  const closedIcon = copyOf(required(toggle.querySelector('svg'), 'menu icon'));
  let state: HomeSessionState = 'visitor';
  let open = false;

  const render = () => {
    const source = templateElement(doc, HOME_TEMPLATES.header[state], 'header');
    const [desktopNav, menuNav] = source.querySelectorAll(MAIN_NAV);
    const openIcon = source.querySelector(`button[aria-controls="${HOME_MENU_ID}"] svg`);
    if (!desktopNav || !menuNav || !openIcon) {
      throw new Error(`The ${state} header template lacks its navs or its close icon.`);
    }
    required(header.querySelector(MAIN_NAV), 'main nav').replaceWith(copyOf(desktopNav));
    menu.replaceChildren(...(open ? [copyOf(menuNav)] : []));
    toggle.setAttribute('aria-expanded', String(open));
    required(toggle.querySelector('svg'), 'menu icon').replaceWith(
      copyOf(open ? openIcon : closedIcon),
    );
  };

  toggle.addEventListener('click', () => {
    open = !open;
    render();
  });
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !open) return;
    open = false;
    render();
    toggle.focus();
  });
  header.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button === toggle || button.textContent?.trim() !== LOGOUT_LABEL) return;
    event.preventDefault();
    onLogout();
  });

  return {
    show: (next) => {
      if (next === state) return;
      state = next;
      render();
    },
  };
}
