import { messageResponseSchema } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/**
 * `POST /api/auth/resend-verification`: e-mails a new verification link pointing at this site's
 * origin; at most one per address and minute (429 with the server's message otherwise).
 */
export function resendVerification() {
  return apiRequest('/auth/resend-verification', {
    method: 'POST',
    body: { frontend_url: window.location.origin },
    schema: messageResponseSchema,
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    onError: (error) => console.error('Resending the verification e-mail failed', error),
  });
}
