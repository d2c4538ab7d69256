/**
 * Signs an existing account of a running suite in; answers API helpers that send its ID token:
 * `send` (the raw Response), `api` (the JSON of a success, else an error) and the token itself.
 */
export async function signedInClient(suite, { email, password }) {
  const authUrl = `http://${suite.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const signIn = await fetch(`${authUrl}/accounts:signInWithPassword?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { idToken } = await signIn.json();
  if (!signIn.ok || !idToken) throw new Error(`Signing ${email} in failed (${signIn.status}).`);

  const send = (path, method = 'GET', body, accept = 'application/json') =>
    fetch(`${suite.appUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${idToken}`,
        'content-type': 'application/json',
        accept,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const api = async (path, method = 'GET', body) => {
    const response = await send(path, method, body);
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return { send, api, token: idToken };
}

/** Registers a new account on a running suite and signs it in (see signedInClient). */
export async function benchAccount(suite, { email, password }) {
  const register = await fetch(`${suite.appUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, first_name: 'Bench', last_name: 'Mark' }),
  });
  if (!register.ok) throw new Error(`register: ${register.status} ${await register.text()}`);
  return signedInClient(suite, { email, password });
}

/**
 * A new author with a saved Gemini key, signed up on the Auth emulator directly (the register
 * route has its own per-address limit, which a bench run must not spend), then signed in.
 */
export async function authorWithKey(suite, { email, password, apiKey }) {
  const authUrl = `http://${suite.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const signUp = await fetch(`${authUrl}/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!signUp.ok) throw new Error(`Signing ${email} up failed (${signUp.status}).`);
  const client = await signedInClient(suite, { email, password });
  await client.api('/auth/api-key', 'PUT', { api_key: apiKey });
  return client;
}
