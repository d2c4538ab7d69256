import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  changePasswordFormSchema,
  forgotPasswordFormSchema,
  loginFormSchema,
  resetPasswordFormSchema,
} from './forms';

/** Each failing field's first message, keyed by path ('' for the whole form). */
function firstMessages(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    messages[path] ??= issue.message;
  }
  return messages;
}

describe('loginFormSchema', () => {
  it.each([
    { email: '', password: '' },
    { email: 'ada@example.com', password: '' },
    { email: '   ', password: 'analytical-9' },
  ])('asks for both email and password on the form (%o)', (credentials) => {
    const result = loginFormSchema.safeParse({ ...credentials, remember_me: false });
    expect(firstMessages(result)).toEqual({ '': 'Please enter both email and password' });
  });

  it('trims the e-mail and keeps the password as typed', () => {
    expect(
      loginFormSchema.parse({ email: ' ada@example.com ', password: ' pw ', remember_me: true }),
    ).toEqual({ email: 'ada@example.com', password: ' pw ', remember_me: true });
  });
});

describe('forgotPasswordFormSchema', () => {
  it('requires an e-mail address', () => {
    expect(firstMessages(forgotPasswordFormSchema.safeParse({ email: '  ' }))).toEqual({
      email: 'Email is required',
    });
  });

  it('rejects an address that is not an e-mail', () => {
    expect(firstMessages(forgotPasswordFormSchema.safeParse({ email: 'not-an-email' }))).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('hands over the address trimmed and in lower case', () => {
    expect(forgotPasswordFormSchema.parse({ email: ' Ada@Example.com ' })).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('resetPasswordFormSchema', () => {
  it('requires the password and its confirmation', () => {
    expect(
      firstMessages(resetPasswordFormSchema.safeParse({ password: '', confirm_password: '' })),
    ).toEqual({
      password: 'Password is required',
      confirm_password: 'Please confirm your password',
    });
  });

  it('rejects a password shorter than 8 characters', () => {
    const result = resetPasswordFormSchema.safeParse({
      password: '1234567',
      confirm_password: '1234567',
    });
    expect(firstMessages(result)).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it('reports a confirmation that differs on the confirmation', () => {
    const result = resetPasswordFormSchema.safeParse({
      password: 'new-password-1',
      confirm_password: 'new-password-2',
    });
    expect(firstMessages(result)).toEqual({ confirm_password: 'Passwords do not match' });
  });

  it('accepts a long enough password typed twice', () => {
    expect(
      resetPasswordFormSchema.parse({
        password: 'new-password-1',
        confirm_password: 'new-password-1',
      }),
    ).toEqual({ password: 'new-password-1', confirm_password: 'new-password-1' });
  });
});

describe('changePasswordFormSchema', () => {
  it('names each missing field', () => {
    const result = changePasswordFormSchema.safeParse({
      current_password: '',
      new_password: '',
      confirm_password: '',
    });
    expect(firstMessages(result)).toEqual({
      current_password: 'Current password is required',
      new_password: 'New password is required',
      confirm_password: 'Please confirm your password',
    });
  });

  it('checks the new password’s length and the match even while another field is missing', () => {
    const result = changePasswordFormSchema.safeParse({
      current_password: '',
      new_password: '1234567',
      confirm_password: '1234567X',
    });
    expect(firstMessages(result)).toEqual({
      current_password: 'Current password is required',
      new_password: 'Password must be at least 8 characters',
      confirm_password: 'Passwords do not match',
    });
  });

  it('accepts a complete form', () => {
    const values = {
      current_password: 'old-password',
      new_password: 'new-password-1',
      confirm_password: 'new-password-1',
    };
    expect(changePasswordFormSchema.parse(values)).toEqual(values);
  });
});
