/** Access to the emulators that `npm run test:api` starts (see scripts/test-all.mjs). */
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the API tests through \`npm run test:api\`, which starts the emulators.`,
    );
  }
  return value;
}

export const projectId = required('GCLOUD_PROJECT');
const authHost = required('FIREBASE_AUTH_EMULATOR_HOST');
const firestoreControlHost = required('FIRESTORE_CONTROL_HOST');

/** Deletes every document and every account, so each test starts from nothing. */
export async function resetEmulators(): Promise<void> {
  const responses = await Promise.all([
    fetch(
      `http://${firestoreControlHost}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
      { method: 'DELETE' },
    ),
    fetch(`http://${authHost}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' }),
  ]);
  for (const response of responses) {
    if (!response.ok) throw new Error(`Emulator reset failed: ${response.status} ${response.url}`);
  }
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

async function identityToolkit(method: string, body: object): Promise<Record<string, string>> {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const payload = (await response.json()) as Record<string, string>;
  if (!response.ok) throw new Error(`accounts:${method} failed: ${JSON.stringify(payload)}`);
  return payload;
}

/** Registers an account on the Auth emulator and returns a fresh ID token for it. */
export async function signUp(email: string, password = 'correct-horse-9'): Promise<TestUser> {
  const { localId, idToken } = await identityToolkit('signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: localId ?? '', email, password, idToken: idToken ?? '' };
}

/** A guest account of Firebase's anonymous sign-in (no e-mail), as a learner's page makes one. */
export async function signUpAnonymously(): Promise<{ uid: string; idToken: string }> {
  const { localId, idToken } = await identityToolkit('signUp', { returnSecureToken: true });
  return { uid: localId ?? '', idToken: idToken ?? '' };
}

/** Signs in again, e.g. after claims changed, and returns the new ID token. */
export async function signIn(email: string, password: string): Promise<string> {
  const { idToken } = await identityToolkit('signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return idToken ?? '';
}

/**
 * Signs in through the Auth emulator's fake Google provider (it accepts the claims as plain JSON
 * in place of a signed Google ID token) and returns the Firebase user and ID token.
 */
export async function signInWithGoogle(
  email: string,
  displayName: string,
): Promise<{ uid: string; idToken: string }> {
  const claims = { sub: `google-${email}`, email, email_verified: true, name: displayName };
  const { localId, idToken } = await identityToolkit('signInWithIdp', {
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
    returnSecureToken: true,
    returnIdpCredential: true,
  });
  return { uid: localId ?? '', idToken: idToken ?? '' };
}

/** The out-of-band codes (password reset, e-mail verification) the Auth emulator issued. */
export async function oobCodes(): Promise<
  { email: string; requestType: string; oobCode: string; oobLink: string }[]
> {
  const response = await fetch(`http://${authHost}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes: codes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string; oobLink: string }[];
  };
  return codes;
}

/**
 * What the learner's "Save your progress" does with an e-mail and password, in the Auth calls the
 * web SDK makes: links the credential to the anonymous account (`accounts:update`, the uid
 * stays), sets the display name, then refreshes the ID token (`getIdToken(true)`).
 */
export async function linkAnonymousToPassword(
  anonymousIdToken: string,
  input: { email: string; password: string; displayName: string },
): Promise<string> {
  const linked = await identityToolkit('update', {
    idToken: anonymousIdToken,
    email: input.email,
    password: input.password,
    returnSecureToken: true,
  });
  const named = await identityToolkit('update', {
    idToken: linked.idToken,
    displayName: input.displayName,
    returnSecureToken: true,
  });
  const response = await fetch(
    `http://${authHost}/securetoken.googleapis.com/v1/token?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: named.refreshToken ?? linked.refreshToken ?? '',
      }),
    },
  );
  const payload = (await response.json()) as { id_token?: string };
  if (!response.ok || !payload.id_token)
    throw new Error(`Token refresh failed: ${response.status}`);
  return payload.id_token;
}
