import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { guardedTestApp } from '../testing/guarded-app';
import { AUTH_MESSAGES, type IdTokenVerifier } from '../lib/id-token';

const appWith = guardedTestApp;

const failingWith =
  (code: string): IdTokenVerifier =>
  () =>
    Promise.reject(Object.assign(new Error(code), { code }));

describe('requireAuth', () => {
  it('speaks the agreed messages', () => {
    expect(AUTH_MESSAGES).toEqual({
      missing: 'Authentication required',
      revoked: 'Your session has been revoked. Please log in again.',
      disabled: 'Your account has been disabled.',
      invalid: 'Your session has expired. Please log in again.',
      adminRequired: 'Admin access required',
    });
  });

  it('refuses a request without an Authorization header', async () => {
    const verify = vi.fn<IdTokenVerifier>();
    const response = await request(appWith(verify)).get('/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.missing, code: 'UNAUTHENTICATED' });
    expect(verify).not.toHaveBeenCalled();
  });

  it('refuses a header that is not a bearer token', async () => {
    const response = await request(appWith(vi.fn<IdTokenVerifier>()))
      .get('/me')
      .set('authorization', 'Basic dXNlcjpwYXNz');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.missing, code: 'UNAUTHENTICATED' });
  });

  it('refuses a bearer value that is not shaped like a JWT without calling the verifier', async () => {
    const verify = vi.fn<IdTokenVerifier>();
    const response = await request(appWith(verify))
      .get('/me')
      .set('authorization', 'Bearer not-a-jwt');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.missing, code: 'UNAUTHENTICATED' });
    expect(verify).not.toHaveBeenCalled();
  });

  it('accepts the bearer scheme in any case', async () => {
    const response = await request(appWith(async () => ({ uid: 'u1' })))
      .get('/me')
      .set('authorization', 'bearer abc.def.ghi');
    expect(response.status).toBe(200);
  });

  it.each([
    ['auth/id-token-revoked', AUTH_MESSAGES.revoked],
    ['auth/user-disabled', AUTH_MESSAGES.disabled],
    ['auth/id-token-expired', AUTH_MESSAGES.invalid],
    ['auth/argument-error', AUTH_MESSAGES.invalid],
  ])('refuses a token failing with %s', async (code, message) => {
    const response = await request(appWith(failingWith(code)))
      .get('/me')
      .set('authorization', 'Bearer some.token.value');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: message, code: 'UNAUTHENTICATED' });
  });

  it.each([['auth/internal-error'], ['auth/invalid-credential'], ['ECONNRESET']])(
    'answers 500, not 401, when verification fails on the server side (%s)',
    async (code) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      const response = await request(appWith(failingWith(code)))
        .get('/me')
        .set('authorization', 'Bearer some.token.value');
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
      expect(log).toHaveBeenCalled();
      log.mockRestore();
    },
  );

  it('passes the verified caller on to the route', async () => {
    const verify = vi.fn<IdTokenVerifier>(async () => ({ uid: 'u1', email: 'a@b.co' }));
    const response = await request(appWith(verify))
      .get('/me')
      .set('authorization', 'Bearer abc.def.ghi');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      uid: 'u1',
      email: 'a@b.co',
      isAdmin: false,
      emailVerified: false,
      isAnonymous: false,
    });
    expect(verify).toHaveBeenCalledWith('abc.def.ghi');
  });
});

describe('anonymous guests', () => {
  const anonymous = vi.fn<IdTokenVerifier>(async () => ({
    uid: 'guest',
    firebase: { sign_in_provider: 'anonymous' },
  }));

  it('refuses an anonymous token where a real account is required', async () => {
    const response = await request(appWith(anonymous))
      .get('/me')
      .set('authorization', 'Bearer abc.def.ghi');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.missing, code: 'UNAUTHENTICATED' });
  });

  it('lets an anonymous token through the learner guard, marked as such', async () => {
    const response = await request(appWith(anonymous))
      .get('/learner')
      .set('authorization', 'Bearer abc.def.ghi');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      uid: 'guest',
      email: null,
      isAdmin: false,
      emailVerified: false,
      isAnonymous: true,
    });
  });

  it('lets a real account through the learner guard', async () => {
    const verify = vi.fn<IdTokenVerifier>(async () => ({
      uid: 'u1',
      firebase: { sign_in_provider: 'password' },
    }));
    const response = await request(appWith(verify))
      .get('/learner')
      .set('authorization', 'Bearer abc.def.ghi');
    expect(response.body).toMatchObject({ uid: 'u1', isAnonymous: false });
  });

  it('still refuses a visitor and a disabled account on the learner guard', async () => {
    expect((await request(appWith(anonymous)).get('/learner')).status).toBe(401);
    const response = await request(appWith(failingWith('auth/user-disabled')))
      .get('/learner')
      .set('authorization', 'Bearer abc.def.ghi');
    expect([response.status, response.body]).toEqual([
      401,
      { error: AUTH_MESSAGES.disabled, code: 'UNAUTHENTICATED' },
    ]);
  });
});

describe('requireAdmin', () => {
  it('refuses a signed-in user without the admin claim with 403', async () => {
    const response = await request(appWith(async () => ({ uid: 'u1' })))
      .get('/admin')
      .set('authorization', 'Bearer abc.def.ghi');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.adminRequired, code: 'FORBIDDEN' });
    expect(AUTH_MESSAGES.adminRequired).toBe('Admin access required');
  });

  it('lets a caller with the admin claim through', async () => {
    const response = await request(appWith(async () => ({ uid: 'u1', admin: true })))
      .get('/admin')
      .set('authorization', 'Bearer abc.def.ghi');
    expect(response.status).toBe(200);
  });

  it('does not treat a truthy non-boolean claim as admin', async () => {
    const response = await request(appWith(async () => ({ uid: 'u1', admin: 'yes' })))
      .get('/admin')
      .set('authorization', 'Bearer abc.def.ghi');
    expect(response.status).toBe(403);
  });
});
