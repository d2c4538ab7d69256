import { userSchema, type User } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { ADMIN_TEXT } from '../admin-messages';
import { storeUser } from './store-user';

/** `PUT /api/admin/users/{id}/admin`: grants or removes admin rights. */
export function setUserAdmin(userId: string, isAdmin: boolean): Promise<User> {
  return apiRequest(`/admin/users/${encodeURIComponent(userId)}/admin`, {
    method: 'PUT',
    body: { is_admin: isAdmin },
    schema: userSchema,
  });
}

/** Grants or removes `user`'s admin rights, then stores the answer. A failure is only logged. */
export function useSetUserAdmin() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ user, isAdmin }: { user: User; isAdmin: boolean }) =>
      setUserAdmin(user.id, isAdmin),
    onSuccess: (updated) => storeUser(scope, updated, 0),
    onError: (error) => console.error(ADMIN_TEXT.roleFailed, error),
  });
}
