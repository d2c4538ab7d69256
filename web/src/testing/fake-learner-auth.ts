import { vi } from 'vitest';

/**
 * A stand-in for Firebase Auth on the learner pages: the `auth` object and the SDK functions they
 * call. A test file swaps them in with
 *
 *   vi.mock('../../../lib/firebase', async () => ({
 *     auth: (await import('../../../testing/fake-learner-auth')).fakeAuth,
 *   }));
 *   vi.mock('firebase/auth', async (importOriginal) => ({
 *     ...(await importOriginal<typeof FirebaseAuth>()),
 *     ...(await import('../../../testing/fake-learner-auth')).fakeAuthSdk,
 *   }));
 *
 * A user's ID token is `token-<uid>`, which the fake learner API reads back.
 */
export interface FakeUser {
  uid: string;
  isAnonymous: boolean;
  displayName: string | null;
  getIdToken: (forceRefresh?: boolean) => Promise<string>;
}

export function fakeUser(uid: string, isAnonymous = false): FakeUser {
  return { uid, isAnonymous, displayName: null, getIdToken: async () => `token-${uid}` };
}

const listeners = new Set<(user: FakeUser | null) => void>();

export const fakeAuth: { currentUser: FakeUser | null; authStateReady: () => Promise<void> } = {
  currentUser: null,
  authStateReady: async () => {},
};

/** Signs `user` in (or everyone out) and tells the listeners, as a token change would. */
export function setFakeUser(user: FakeUser | null): void {
  fakeAuth.currentUser = user;
  for (const listener of listeners) listener(user);
}

function becomeAccount(user: FakeUser): { user: FakeUser } {
  user.isAnonymous = false;
  setFakeUser(user);
  return { user };
}

export const fakeAuthSdk = {
  onIdTokenChanged: (_auth: unknown, listener: (user: FakeUser | null) => void) => {
    listeners.add(listener);
    queueMicrotask(() => listener(fakeAuth.currentUser));
    return () => {
      listeners.delete(listener);
    };
  },
  signInAnonymously: vi.fn(async () => {
    const user = fakeUser('anon-1', true);
    setFakeUser(user);
    return { user };
  }),
  linkWithCredential: vi.fn(async (user: FakeUser, _credential: unknown) => becomeAccount(user)),
  linkWithPopup: vi.fn(async (user: FakeUser, _provider: unknown, _resolver: unknown) =>
    becomeAccount(user),
  ),
  updateProfile: vi.fn(async (user: FakeUser, { displayName }: { displayName: string }) => {
    user.displayName = displayName;
  }),
  signInWithCredential: vi.fn(async (_auth: unknown, _credential: unknown) => {
    const user = fakeUser('google-1');
    setFakeUser(user);
    return { user };
  }),
};
