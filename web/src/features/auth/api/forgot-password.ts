import { messageResponseSchema } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/auth/forgot-password`: e-mails a reset link pointing at this site's origin. The
 * answer never says whether the address has an account.
 */
export function requestPasswordReset(email: string) {
  return apiRequest('/auth/forgot-password', {
    method: 'POST',
    body: { email, frontend_url: window.location.origin },
    schema: messageResponseSchema,
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => console.error('Password reset request failed', error),
  });
}
