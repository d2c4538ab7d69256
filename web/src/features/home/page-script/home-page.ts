import {
  clearStoredSession,
  readSessionHint,
  writeSessionHint,
  type SessionHint,
} from '../../../lib/session-hint';
import { startNavbar } from './home-navbar';
import {
  fetchTestimonials,
  minimumRating,
  showTestimonials,
  type TestimonialsOutcome,
} from './home-testimonials';

const FEATURE_LINK = {
  visitor: { href: '/auth?mode=signup', label: 'Sign up to publish' },
  account: { href: '/courses', label: 'Go to your courses' },
} as const;

/** The Publish & Track card's link leads a visitor to sign-up, an account to its courses. */
function showFeatureLink(doc: Document, signedIn: boolean) {
  const link = doc.querySelector('section[aria-labelledby="features-heading"] a');
  if (!link) return;
  const { href, label } = signedIn ? FEATURE_LINK.account : FEATURE_LINK.visitor;
  link.setAttribute('href', href);
  link.textContent = label;
}

/** Runs `work` once the page has loaded and the main thread is idle. */
function whenIdle(win: Window, work: () => void) {
  const idle = () => {
    // Safari has no requestIdleCallback.
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(work);
    else setTimeout(work, 0);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

async function logOut(win: Window) {
  try {
    const { signOutAccount } = await import('./home-session-check');
    await signOutAccount();
  } catch (error) {
    console.error('Sign-out failed', error);
  } finally {
    clearStoredSession();
    win.location.assign('/auth');
  }
}

/**
 * The prerendered /home without the app: its menu, the session's entries (from the hint the app
 * stores, checked with Firebase Auth after load), and the testimonials from the API.
 */
export function startHomePage(win: Window = window) {
  const doc = win.document;
  const navbar = startNavbar(doc, () => void logOut(win));
  let testimonials: TestimonialsOutcome | undefined;
  let session: SessionHint | null = null;
  const show = () => {
    navbar.show(session ? (session.admin ? 'admin' : 'user') : 'visitor');
    showFeatureLink(doc, session !== null);
    showTestimonials(doc, testimonials, session !== null);
  };

  session = readSessionHint();
  show();
  void fetchTestimonials(minimumRating(doc)).then((outcome) => {
    testimonials = outcome;
    show();
  });
  if (session) {
    whenIdle(win, () => {
      void import('./home-session-check')
        .then(({ currentAccount }) => currentAccount())
        .then((account) => {
          writeSessionHint(account);
          session = account;
          show();
        })
        .catch((error: unknown) => console.error('Could not check the session', error));
    });
  }
}
