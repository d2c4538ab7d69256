/** Whoever keeps progress on the learner pages: an anonymous learner or a signed-in account. */
export interface Learner {
  uid: string;
  isAnonymous: boolean;
}

/**
 * Firebase Auth as the learner pages use it. It lives in a chunk of its own
 * (`firebase-session.ts`), loaded only when needed (see `session-hint.ts`).
 */
export interface LearnerSession {
  /** The learner once Firebase has restored (or found no) saved sign-in. */
  current(): Promise<Learner | null>;
  /** The signed-in learner, else a new anonymous one (the first completion of a visitor). */
  ensureLearner(): Promise<Learner>;
  /** The ID token of the learner `uid`; fails if another user has signed in meanwhile. */
  token(uid: string): Promise<string>;
  /** Whether the signed-in account holds the `admin` claim. */
  isAdmin(): Promise<boolean>;
  /** Called with the learner on every sign-in, sign-out and token change. */
  onChange(listener: (learner: Learner | null) => void): () => void;
  signOut(): Promise<void>;
}

/** What Save your progress reports: the learner now owning the progress, and that progress. */
export interface SavedAccount {
  uid: string;
  completedTopicIds: string[];
}
