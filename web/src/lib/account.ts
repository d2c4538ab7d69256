import {
  authResponseSchema,
  messageResponseSchema,
  userSchema,
  type GoogleAuthRequest,
  type RegisterRequest,
  type User,
} from '@coursecraft/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from './api-client';
import { useSession } from './session';

const userWithMessageSchema = z.object({ message: z.string(), user: userSchema });

export const CURRENT_USER_KEY = ['current-user'] as const;

export function register(input: RegisterRequest) {
  return apiRequest('/auth/register', {
    method: 'POST',
    body: input,
    schema: userWithMessageSchema,
  });
}

/** Tells the API about a Google sign-in; it answers with the (possibly new) profile. */
export function completeGoogleSignIn(input: GoogleAuthRequest) {
  return apiRequest('/auth/google-auth', {
    method: 'POST',
    body: input,
    idToken: input.firebase_token,
    schema: authResponseSchema.partial({ access_token: true }),
  });
}

export function requestPasswordReset(email: string) {
  return apiRequest('/auth/forgot-password', {
    method: 'POST',
    body: { email, frontend_url: window.location.origin },
    schema: messageResponseSchema,
  });
}

export function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  return apiRequest('/auth/me', { schema: userSchema, signal });
}

export function saveApiKey(apiKey: string) {
  return apiRequest('/auth/api-key', {
    method: 'PUT',
    body: { api_key: apiKey },
    schema: userWithMessageSchema,
  });
}

export function removeApiKey() {
  return apiRequest('/auth/api-key', { method: 'DELETE', schema: userWithMessageSchema });
}

/** The signed-in user's profile from `GET /api/auth/me`, cached per user. */
export function useCurrentUser() {
  const session = useSession();
  const uid = session.user?.uid;
  return useQuery({
    queryKey: [...CURRENT_USER_KEY, uid],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: uid !== undefined,
  });
}

/** Reads the profile when needed: from the cache if there, else from the API (then cached). */
export function useReadCurrentUser(): () => Promise<User> {
  const queryClient = useQueryClient();
  const uid = useSession().user?.uid;
  return () =>
    queryClient.ensureQueryData({
      queryKey: [...CURRENT_USER_KEY, uid],
      queryFn: ({ signal }) => fetchCurrentUser(signal),
    });
}

/** Replaces the cached profile after a call that returned the updated user. */
export function useSetCurrentUser(): (user: User) => void {
  const queryClient = useQueryClient();
  return (user) => queryClient.setQueryData([...CURRENT_USER_KEY, user.id], user);
}
