import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/**
 * Grants (or revokes) the `admin` custom claim of the account with `email`, keeping its other
 * claims. Talks to the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set, else to the real
 * project with Application Default Credentials. Returns the account's uid.
 */
export async function setAdminClaim({ projectId, email, admin }) {
  const app = initializeApp({ projectId }, `admin-grant-${process.pid}-${Date.now()}`);
  try {
    const auth = getAuth(app);
    const user = await auth.getUserByEmail(email);
    const claims = { ...user.customClaims };
    if (admin) claims.admin = true;
    else delete claims.admin;
    await auth.setCustomUserClaims(user.uid, Object.keys(claims).length > 0 ? claims : null);
    return user.uid;
  } finally {
    await deleteApp(app);
  }
}
