import { authResponseSchema, type GoogleAuthRequest } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  signInWithCustomToken,
  signInWithPopup,
  signOut,
} from 'firebase/auth';
import { ApiError, apiRequest, serverErrorOr } from '../../../lib/api-client';
import { auth } from '../../../lib/firebase';
import { AUTH_TEXT, googleSignInMessage, isGoogleSignInCancelled } from '../auth-messages';
import { applyRememberMe } from '../remember-me';

/** Thrown when the API's answer to a Google sign-in lacks the access token. */
export class InvalidBackendResponseError extends Error {
  constructor() {
    super(AUTH_TEXT.invalidBackendResponse);
    this.name = 'InvalidBackendResponseError';
  }
}

/** `POST /api/auth/google-auth`: tells the API about a Google sign-in; it answers the profile. */
export function completeGoogleSignIn(input: GoogleAuthRequest) {
  return apiRequest('/auth/google-auth', {
    method: 'POST',
    body: input,
    idToken: input.firebase_token,
    schema: authResponseSchema.partial({ access_token: true }),
  });
}

/**
 * Google sign-in in Firebase's 500x600 popup, always asking which account to use, then the API
 * creates or reads the profile (and, after taking over an unverified account, answers the
 * custom token of a fresh session). If the API step fails, the Firebase session is closed again so
 * the user is not half signed in.
 */
export async function signInWithGoogle(rememberMe: boolean): Promise<void> {
  await applyRememberMe(rememberMe);
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  const { user } = await signInWithPopup(auth, provider, browserPopupRedirectResolver);
  try {
    const firebaseToken = await user.getIdToken();
    const response = await completeGoogleSignIn({
      firebase_token: firebaseToken,
      user_data: {
        uid: user.uid,
        email: user.email ?? '',
        display_name: user.displayName,
        photo_url: user.photoURL,
        email_verified: user.emailVerified,
      },
    });
    if (!response.access_token) throw new InvalidBackendResponseError();
    // The sign-in took over an account registered without verifying its address: the API
    // revoked every earlier session, the popup's too, and hands over a fresh one.
    if (response.custom_token) await signInWithCustomToken(auth, response.custom_token);
  } catch (error) {
    await signOut(auth).catch((signOutError: unknown) => {
      console.error('Sign-out after a failed Google sign-in failed', signOutError);
    });
    throw error;
  }
}

/**
 * Signs in with Google; the new session then clears the previous user's cached data. A closed
 * popup is the user's choice and is not logged.
 */
export function useSignInWithGoogle() {
  return useMutation({
    mutationFn: signInWithGoogle,
    onError: (error) => {
      if (!isGoogleSignInCancelled(error)) console.error('Google sign-in failed', error);
    },
  });
}

/**
 * What a failed Google sign-in tells the user: the API's message, 'Invalid response from
 * backend' for an answer without a token, else the provider's failure.
 */
export function googleErrorText(error: unknown): string {
  if (error instanceof InvalidBackendResponseError) return AUTH_TEXT.invalidBackendResponse;
  if (error instanceof Error && error.name === 'ZodError') return AUTH_TEXT.invalidBackendResponse;
  if (error instanceof ApiError) return serverErrorOr(error, AUTH_TEXT.googleFailed);
  return googleSignInMessage(error);
}
