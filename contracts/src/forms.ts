import * as z from 'zod';
import { emailSchema, passwordSchema } from './user';

/*
 * The web app's forms whose rules the request schemas do not express: the login form's single
 * message for missing credentials, the forgot-password form's required e-mail, and the reset
 * and change-password forms with their confirmation. What they hand over is still checked by
 * the API's own request schemas.
 */

export const CREDENTIALS_REQUIRED = 'Please enter both email and password';
export const EMAIL_REQUIRED = 'Email is required';
export const PASSWORD_REQUIRED = 'Password is required';
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const NEW_PASSWORD_REQUIRED = 'New password is required';
export const PASSWORD_CONFIRMATION_REQUIRED = 'Please confirm your password';
export const PASSWORDS_DIFFER = 'Passwords do not match';

/**
 * The login form: e-mail and password are both required, with one message for either missing
 * (reported on the form, not on a field). "Remember me" keeps the session after the browser
 * closes.
 */
export const loginFormSchema = z
  .object({
    email: z.string().trim(),
    password: z.string(),
    remember_me: z.boolean(),
  })
  .refine(({ email, password }) => email !== '' && password !== '', {
    message: CREDENTIALS_REQUIRED,
  });
export type LoginFormValues = z.infer<typeof loginFormSchema>;

/** The forgot-password form: a required, valid e-mail address. */
export const forgotPasswordFormSchema = z.object({
  email: z.string().trim().min(1, EMAIL_REQUIRED).pipe(emailSchema),
});

/** A new password: `requiredMessage` when blank, else the API's password rules. */
const newPasswordSchema = (requiredMessage: string) =>
  z.string().min(1, requiredMessage).pipe(passwordSchema);

const confirmationSchema = z.string().min(1, PASSWORD_CONFIRMATION_REQUIRED);

/** The reset-password form: a new password and its confirmation. */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema(PASSWORD_REQUIRED),
    confirm_password: confirmationSchema,
  })
  .refine(({ password, confirm_password }) => password === confirm_password, {
    message: PASSWORDS_DIFFER,
    path: ['confirm_password'],
  });

/** The change-password form: the current password, a new one and its confirmation. */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string().min(1, CURRENT_PASSWORD_REQUIRED),
    new_password: newPasswordSchema(NEW_PASSWORD_REQUIRED),
    confirm_password: confirmationSchema,
  })
  .refine(({ new_password, confirm_password }) => new_password === confirm_password, {
    message: PASSWORDS_DIFFER,
    path: ['confirm_password'],
  });
