import * as z from 'zod';

/** Longest first or last name accepted. */
export const NAME_MAX_LENGTH = 50;
/** RFC 5321's limit on an e-mail address. */
export const EMAIL_MAX_LENGTH = 254;
/** Shortest password the app accepts. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (Firebase Auth hashes at most this much meaningfully). */
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');

const nameSchema = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

/** The user as the client reads it. `created_at` is an ISO 8601 string. */
export const userSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  has_api_key: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** `POST /api/auth/register`. */
export const registerRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  first_name: nameSchema('First name'),
  last_name: nameSchema('Last name'),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** `POST /api/auth/google-auth`: the Firebase ID token from the Google popup plus its profile. */
export const googleAuthRequestSchema = z.object({
  firebase_token: z.string().min(1).max(8192),
  user_data: z.object({
    uid: z.string().min(1).max(128),
    email: z.string().max(EMAIL_MAX_LENGTH),
    display_name: z.string().max(200).nullish(),
    photo_url: z.string().max(2048).nullish(),
    email_verified: z.boolean().optional(),
  }),
});
export type GoogleAuthRequest = z.infer<typeof googleAuthRequestSchema>;

/**
 * Answer of register, google-auth and login-like calls. `custom_token` comes only when the
 * account's earlier sessions were just revoked (a Google sign-in took over an address that a
 * password account had registered without verifying it): the client signs in with it, since the
 * session it holds was revoked too.
 */
export const authResponseSchema = z.object({
  access_token: z.string(),
  user: userSchema,
  custom_token: z.string().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Longest Google API key accepted (real keys are 39 characters). */
export const API_KEY_MAX_LENGTH = 200;

/** `PUT /api/auth/api-key`: the user's Google API key; stored encrypted, never returned. */
export const apiKeyRequestSchema = z.object({
  api_key: z
    .string()
    .trim()
    .min(1, 'API key is required')
    .max(API_KEY_MAX_LENGTH, 'API key is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'API key may contain only letters, digits, - and _'),
});
export type ApiKeyRequest = z.infer<typeof apiKeyRequestSchema>;

/** Longest `frontend_url` accepted. */
export const URL_MAX_LENGTH = 2048;

/** `POST /api/auth/forgot-password`: `frontend_url` is the site's own origin. */
export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
  frontend_url: z.string().max(URL_MAX_LENGTH).optional(),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** `POST /api/auth/resend-verification`: `frontend_url` is the site's own origin. */
export const resendVerificationRequestSchema = z.object({
  frontend_url: z.string().max(URL_MAX_LENGTH).optional(),
});
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequestSchema>;

/** Answer of calls that only report an outcome (forgot/reset/change password). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
