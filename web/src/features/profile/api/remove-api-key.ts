import { messageResponseSchema, userSchema, type User } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../../lib/account/get-current-user';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';

const answerSchema = messageResponseSchema.extend({ user: userSchema });

/** `DELETE /api/auth/api-key`: forgets the user's Google API key; answers the profile. */
export function removeApiKey() {
  return apiRequest('/auth/api-key', { method: 'DELETE', schema: answerSchema });
}

/** Removes the key, then puts the returned profile (no longer `has_api_key`) in the cache. */
export function useRemoveApiKey() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: removeApiKey,
    onSuccess: ({ user }) => scope.setData<User>(currentUserQueryOptions().queryKey, user),
    onError: (error) => console.error('Removing the API key failed', error),
  });
}
