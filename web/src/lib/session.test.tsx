import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from 'firebase/auth';
import { paths } from '../config/paths';
import { readReturnUrl, sessionFromSigninCheck, useSession } from './session';

const user = { uid: 'u1', isAnonymous: false } as User;
const anonymous = { uid: 'anon-1', isAnonymous: true } as User;

describe('sessionFromSigninCheck', () => {
  it('is loading until the first auth state arrives', () => {
    expect(sessionFromSigninCheck({ status: 'loading', data: undefined }, null)).toEqual({
      status: 'loading',
      user: null,
      isAdmin: false,
    });
  });

  it('is a visitor when nobody is signed in', () => {
    const data = { signedIn: false, hasRequiredClaims: false, errors: {}, user: null } as const;
    expect(sessionFromSigninCheck({ status: 'success', data }, null)).toEqual({
      status: 'ready',
      user: null,
      isAdmin: false,
    });
  });

  it('is an admin only with the admin claim', () => {
    const signedIn = { signedIn: true, errors: {}, user } as const;
    expect(
      sessionFromSigninCheck(
        { status: 'success', data: { ...signedIn, hasRequiredClaims: true } },
        user,
      ),
    ).toEqual({ status: 'ready', user, isAdmin: true });
    expect(
      sessionFromSigninCheck(
        { status: 'success', data: { ...signedIn, hasRequiredClaims: false } },
        user,
      ),
    ).toEqual({ status: 'ready', user, isAdmin: false });
  });

  it('counts an anonymous learner as signed out', () => {
    const data = { signedIn: true, hasRequiredClaims: false, errors: {}, user: anonymous } as const;
    expect(sessionFromSigninCheck({ status: 'success', data }, anonymous)).toEqual({
      status: 'ready',
      user: null,
      isAdmin: false,
    });
    expect(sessionFromSigninCheck({ status: 'error', data: undefined }, anonymous)).toEqual({
      status: 'ready',
      user: null,
      isAdmin: false,
    });
  });

  it('keeps the user but not the admin role when the claims cannot be read', () => {
    expect(sessionFromSigninCheck({ status: 'error', data: undefined }, user)).toEqual({
      status: 'ready',
      user,
      isAdmin: false,
    });
  });
});

describe('paths.authReturningTo', () => {
  it('carries the wanted path and query, encoded, as returnUrl', () => {
    expect(paths.authReturningTo('/courses/c1/subjects?tab=2')).toBe(
      '/auth?returnUrl=%2Fcourses%2Fc1%2Fsubjects%3Ftab%3D2',
    );
  });
});

describe('readReturnUrl', () => {
  it('reads an in-app path', () => {
    expect(readReturnUrl('?returnUrl=%2Fcreate-course%3Fa%3D1')).toBe('/create-course?a=1');
  });

  it('ignores a missing or off-site returnUrl', () => {
    expect(readReturnUrl('')).toBeNull();
    expect(readReturnUrl('?returnUrl=https%3A%2F%2Fevil.example')).toBeNull();
    expect(readReturnUrl('?returnUrl=%2F%2Fevil.example')).toBeNull();
    expect(readReturnUrl('?returnUrl=%2F%5Cevil.example')).toBeNull();
  });
});

describe('useSession', () => {
  it('fails loudly outside a SessionProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Probe() {
      useSession();
      return null;
    }
    expect(() => render(<Probe />)).toThrow('useSession must be used inside a SessionProvider.');
  });
});
