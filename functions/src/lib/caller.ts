/** The user making a request, as established by require-auth. */
export interface Caller {
  uid: string;
  email: string | null;
  isAdmin: boolean;
  /** The token's `email_verified` claim: false may be stale, so check the Auth record before acting on it. */
  emailVerified: boolean;
  /** A guest account of Firebase's anonymous sign-in: a learner, never an author. */
  isAnonymous: boolean;
}
