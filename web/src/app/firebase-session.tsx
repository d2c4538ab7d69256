import { signOut } from 'firebase/auth';
import { useEffect } from 'react';
import { AuthProvider, FirebaseAppProvider, useAuth, useSigninCheck } from 'reactfire';
import { auth, firebaseApp } from '../lib/firebase';
import { sessionFromSigninCheck, type SessionContextValue } from '../lib/session';

/** Admins carry the custom claim `admin: true`. */
const ADMIN_CLAIMS = { admin: true };

type SessionListener = (value: SessionContextValue) => void;

/** Reports reactfire's view of Firebase Auth as the app's session. */
function SigninWatcher({ onSession }: { onSession: SessionListener }) {
  const firebaseAuth = useAuth();
  const { status, data } = useSigninCheck({ requiredClaims: ADMIN_CLAIMS });

  useEffect(() => {
    onSession({
      session: sessionFromSigninCheck({ status, data }, firebaseAuth.currentUser),
      signOut: () => signOut(firebaseAuth),
    });
  }, [status, data, firebaseAuth, onSession]);

  return null;
}

/**
 * Firebase App, Auth and reactfire, in a chunk of their own: the app loads it once the page is
 * on screen, so signing in never delays the first paint.
 */
export default function FirebaseSession({ onSession }: { onSession: SessionListener }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <SigninWatcher onSession={onSession} />
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
