import { messageResponseSchema, userSchema, type User } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../../lib/account/get-current-user';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';

const answerSchema = messageResponseSchema.extend({ user: userSchema });

/** `PUT /api/auth/api-key`: stores the user's Google API key (encrypted); answers the profile. */
export function saveApiKey(apiKey: string) {
  return apiRequest('/auth/api-key', {
    method: 'PUT',
    body: { api_key: apiKey },
    schema: answerSchema,
  });
}

/** Saves the key, then puts the returned profile (now `has_api_key`) in the cache. */
export function useSaveApiKey() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: saveApiKey,
    onSuccess: ({ user }) => scope.setData<User>(currentUserQueryOptions().queryKey, user),
    onError: (error) => console.error('Saving the API key failed', error),
  });
}
