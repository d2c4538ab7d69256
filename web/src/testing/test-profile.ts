import type { User } from '@coursecraft/contracts';

/** The `GET /api/auth/me` answer for the test session's user. */
export function testProfile({ hasApiKey = true }: { hasApiKey?: boolean } = {}): User {
  return {
    id: 'user-1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    is_admin: false,
    is_active: true,
    created_at: '2026-01-01T00:00:00.000Z',
    has_api_key: hasApiKey,
  };
}
