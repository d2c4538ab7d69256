import { userSchema, type RegisterRequest } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';

const registeredSchema = z.object({ message: z.string(), user: userSchema });

/** `POST /api/auth/register`: creates the account; the user then logs in. */
export function register(input: RegisterRequest) {
  return apiRequest('/auth/register', { method: 'POST', body: input, schema: registeredSchema });
}

/** Registers; nobody is signed in by it, so no cached data changes. */
export function useRegister() {
  return useMutation({
    mutationFn: register,
    onError: (error) => console.error('Registration failed', error),
  });
}
