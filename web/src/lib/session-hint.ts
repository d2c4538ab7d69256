/**
 * Pages that run without the app (the prerendered /home) read who was signed in last from this
 * local-storage entry instead of loading Firebase Auth first. The app writes it whenever Firebase
 * Auth reports a session and removes it on sign-out; such a page still checks it with Firebase
 * Auth once it is interactive. It only picks which links to show: every page behind them checks
 * the real session.
 */
export const SESSION_HINT_KEY = 'coursecraft_session_hint';

/** A signed-in account (never an anonymous learner) as the app last saw it. */
export interface SessionHint {
  admin: boolean;
}

export function readSessionHint(storage: Storage = localStorage): SessionHint | null {
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_HINT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    return { admin: 'admin' in parsed && parsed.admin === true };
  } catch {
    return null;
  }
}

export function writeSessionHint(hint: SessionHint | null, storage: Storage = localStorage) {
  try {
    if (hint) storage.setItem(SESSION_HINT_KEY, JSON.stringify(hint));
    else storage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage off (private mode, quota): pages without the app then show the visitor's links.
  }
}

/**
 * Local-storage keys where older clients kept the token and the user, cleared on logout (the
 * session itself is kept by Firebase Auth).
 */
export const STORED_AUTH_KEYS = ['auth_token', 'current_user'] as const;

/** Forgets what this browser stored about the signed-in user: old clients' keys and the hint. */
export function clearStoredSession(storage: Storage = localStorage) {
  for (const key of STORED_AUTH_KEYS) storage.removeItem(key);
  writeSessionHint(null, storage);
}
