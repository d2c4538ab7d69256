/** The signed-in user making a request, as established by require-auth. */
export interface Caller {
  uid: string;
  email: string | null;
  isAdmin: boolean;
}
