import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminAuth } from '../../functions/src/lib/firebase-admin';
import { AUTH_MESSAGES } from '../../functions/src/lib/id-token';
import { guardedTestApp } from '../../functions/src/testing/guarded-app';
import { resetEmulators, signIn, signUp } from './support/emulators';

/** The real middleware with the real verifier (checkRevoked) against the Auth emulator. */
function protectedApp() {
  return guardedTestApp((token) => adminAuth().verifyIdToken(token, true));
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('require-auth against the Auth emulator', () => {
  beforeEach(resetEmulators);

  it('accepts a fresh ID token and exposes the caller', async () => {
    const user = await signUp('reader@example.com');
    const response = await request(protectedApp()).get('/me').set(bearer(user.idToken));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      uid: user.uid,
      email: 'reader@example.com',
      isAdmin: false,
      emailVerified: false,
      isAnonymous: false,
    });
  });

  it('refuses a token whose sessions were revoked', async () => {
    const user = await signUp('revoked@example.com');
    // Revocation compares whole seconds: let the token's auth time fall before it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminAuth().revokeRefreshTokens(user.uid);
    const response = await request(protectedApp()).get('/me').set(bearer(user.idToken));
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.revoked, code: 'UNAUTHENTICATED' });
  });

  it('refuses the token of a user who has since been disabled', async () => {
    const user = await signUp('disabled@example.com');
    await adminAuth().updateUser(user.uid, { disabled: true });
    const response = await request(protectedApp()).get('/me').set(bearer(user.idToken));
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.disabled, code: 'UNAUTHENTICATED' });
  });

  it('refuses a token that is not a Firebase ID token', async () => {
    const response = await request(protectedApp()).get('/me').set(bearer('not.a.token'));
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.invalid, code: 'UNAUTHENTICATED' });
  });

  it('lets a user through the admin guard only once they hold the admin claim', async () => {
    const user = await signUp('chief@example.com');
    const app = protectedApp();
    expect((await request(app).get('/admin').set(bearer(user.idToken))).status).toBe(403);

    await adminAuth().setCustomUserClaims(user.uid, { admin: true });
    const refreshed = await signIn(user.email, user.password);
    const response = await request(app).get('/admin').set(bearer(refreshed));
    expect(response.status).toBe(200);
    expect((await request(app).get('/me').set(bearer(refreshed))).body.isAdmin).toBe(true);
  });
});
