/** The user making a request, as established by require-auth. */
export interface Caller {
  uid: string;
  email: string | null;
  isAdmin: boolean;
  /** A guest account of Firebase's anonymous sign-in: a learner, never an author. */
  isAnonymous: boolean;
}
