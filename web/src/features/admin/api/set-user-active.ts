import { userSchema, type User } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { ADMIN_TEXT } from '../admin-messages';
import { storeUser } from './store-user';

/** `PUT /api/admin/users/{id}/status`: enables or disables an account. */
export function setUserActive(userId: string, isActive: boolean): Promise<User> {
  return apiRequest(`/admin/users/${encodeURIComponent(userId)}/status`, {
    method: 'PUT',
    body: { is_active: isActive },
    schema: userSchema,
  });
}

/**
 * Enables or disables `user`, then stores the answer in the users list and the dashboard, whose
 * active-user count follows. A failure is only logged.
 */
export function useSetUserActive() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ user, isActive }: { user: User; isActive: boolean }) =>
      setUserActive(user.id, isActive),
    onSuccess: (updated, { user }) =>
      storeUser(scope, updated, Number(updated.is_active) - Number(user.is_active)),
    onError: (error) => console.error(ADMIN_TEXT.statusFailed, error),
  });
}
