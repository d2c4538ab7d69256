import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/** Thrown when the account to make admin has not verified its e-mail address. */
export class UnverifiedEmailError extends Error {
  constructor(email) {
    super(
      `The account ${email} has not verified its e-mail address yet. Only accounts with a verified e-mail can be made admin.`,
    );
    this.name = 'UnverifiedEmailError';
  }
}

/**
 * Grants (or revokes) the `admin` custom claim of the account with `email`, keeping its other
 * claims; granting needs a verified e-mail (UnverifiedEmailError). Talks to the Auth emulator
 * when FIREBASE_AUTH_EMULATOR_HOST is set, else to the real project with Application Default
 * Credentials. Returns the account's uid.
 */
export async function setAdminClaim({ projectId, email, admin }) {
  const app = initializeApp({ projectId }, `admin-grant-${process.pid}-${Date.now()}`);
  try {
    const auth = getAuth(app);
    const user = await auth.getUserByEmail(email);
    if (admin && !user.emailVerified) throw new UnverifiedEmailError(email);
    const claims = { ...user.customClaims };
    if (admin) claims.admin = true;
    else delete claims.admin;
    await auth.setCustomUserClaims(user.uid, Object.keys(claims).length > 0 ? claims : null);
    return user.uid;
  } finally {
    await deleteApp(app);
  }
}
