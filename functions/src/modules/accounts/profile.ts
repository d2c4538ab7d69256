import type { User } from '@coursecraft/contracts';
import { NAME_MAX_LENGTH } from '@coursecraft/contracts';

/** A user's profile document `users/{uid}`; admin rights live in the Auth custom claim. */
export interface Profile {
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  has_api_key: boolean;
  created_at: Date;
  /**
   * Set when the account was seen as a password account with an unverified address (at
   * registration, or when its profile or key was written): a Google sign-in that later takes the
   * address over must not inherit what was stored meanwhile.
   */
  unverified_password_sign_up: boolean;
}

/** The user as the API answers it (the `User` of the contracts). */
export function toUser(uid: string, profile: Profile, isAdmin: boolean): User {
  return {
    id: uid,
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    is_admin: isAdmin,
    is_active: profile.is_active,
    created_at: profile.created_at.toISOString(),
    has_api_key: profile.has_api_key,
  };
}

/**
 * First and last name from a display name such as "Ada King Lovelace" → "Ada", "King Lovelace".
 * Without one, the e-mail's local part stands in for the first name.
 */
export function namesFrom(
  displayName: string | null | undefined,
  email: string,
): { first_name: string; last_name: string } {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? email.split('@')[0] ?? '';
  return {
    first_name: first.slice(0, NAME_MAX_LENGTH),
    last_name: words.slice(1).join(' ').slice(0, NAME_MAX_LENGTH),
  };
}
