import {
  SELF_DEMOTION_REFUSED,
  SELF_DISABLE_REFUSED,
  UNVERIFIED_ADMIN_REFUSED,
} from '@coursecraft/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminAuth } from '../../functions/src/lib/firebase-admin';
import { AUTH_MESSAGES } from '../../functions/src/lib/id-token';
import { resetEmulators } from './support/emulators';
import { person, visitor } from './support/people';

const ADMIN_READS = ['/admin/dashboard', '/admin/users', '/admin/testimonials/pending'];

describe('/api/admin', () => {
  beforeEach(async () => {
    await resetEmulators();
  });

  it('every admin route: visitor 401, user 403, admin 200', async () => {
    const user = await person('Uma');
    const admin = await person('Alan', { admin: true });
    for (const path of ADMIN_READS) {
      expect((await visitor.get(path)).status, path).toBe(401);
      expect((await user.get(path)).status, path).toBe(403);
      expect((await admin.get(path)).status, path).toBe(200);
    }
    for (const [path, body] of [
      [`/admin/users/${user.uid}/status`, { is_active: false }],
      [`/admin/users/${user.uid}/admin`, { is_admin: true }],
    ] as const) {
      expect((await visitor.put(path, body)).status, path).toBe(401);
      expect((await user.put(path, body)).status, path).toBe(403);
    }
    expect(
      (await admin.get(`/admin/users`)).body.find((u: { id: string }) => u.id === user.uid),
    ).toMatchObject({ is_admin: false, is_active: true });
  });

  it('the dashboard counts users, courses and testimonials and lists the recent ones', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const admin = await person('Alan', { admin: true });
    for (const name of ['Algebra', 'Botany', 'Chemistry', 'Drawing']) {
      await ada.post('/courses/create-manual', { name });
    }
    await ada.post('/testimonials', { quote: 'Great', rating: 5 });
    await bob.post('/testimonials', { quote: 'Good', rating: 4 });
    await admin.put(`/admin/users/${bob.uid}/status`, { is_active: false });

    const { body } = await admin.get('/admin/dashboard');
    expect(body).toMatchObject({
      total_users: 3,
      active_users: 2,
      total_courses: 4,
      total_testimonials: 2,
      pending_testimonials: 2,
    });
    expect(body.recent_courses).toHaveLength(3);
    expect(body.recent_courses.map((c: { name: string }) => c.name)).not.toContain('Algebra');
    expect(body.recent_users.map((u: { first_name: string }) => u.first_name)).toEqual([
      'Alan',
      'Bob',
      'Ada',
    ]);
    expect(body.recent_users[0]).toMatchObject({ is_admin: true, is_active: true });
    expect(body.recent_users[1]).toMatchObject({ is_admin: false, is_active: false });
  });

  it('a disabled user is refused at their next request, and can come back when enabled', async () => {
    const ada = await person('Ada');
    const admin = await person('Alan', { admin: true });
    expect((await ada.get('/courses/my-courses')).status).toBe(200);

    const disabled = await admin.put(`/admin/users/${ada.uid}/status`, { is_active: false });
    expect(disabled.body).toMatchObject({ id: ada.uid, is_active: false });
    const refused = await ada.get('/courses/my-courses');
    expect(refused.status).toBe(401);
    expect([AUTH_MESSAGES.disabled, AUTH_MESSAGES.revoked]).toContain(refused.body.error);

    const enabled = await admin.put(`/admin/users/${ada.uid}/status`, { is_active: true });
    expect(enabled.body.is_active).toBe(true);
    await ada.refresh();
    expect((await ada.get('/courses/my-courses')).status).toBe(200);
  });

  it('grants and revokes admin; revoking takes effect at once; nobody demotes or disables themselves', async () => {
    const ada = await person('Ada');
    const admin = await person('Alan', { admin: true });
    await adminAuth().updateUser(ada.uid, { emailVerified: true });

    const granted = await admin.put(`/admin/users/${ada.uid}/admin`, { is_admin: true });
    expect(granted.body).toMatchObject({ id: ada.uid, is_admin: true });
    await ada.refresh();
    expect((await ada.get('/admin/users')).status).toBe(200);

    const revoked = await admin.put(`/admin/users/${ada.uid}/admin`, { is_admin: false });
    expect(revoked.body.is_admin).toBe(false);
    // Ada's token still carries the claim; the server checks the account itself.
    expect((await ada.get('/admin/users')).status).toBe(403);

    const demoteSelf = await admin.put(`/admin/users/${admin.uid}/admin`, { is_admin: false });
    expect([demoteSelf.status, demoteSelf.body.error]).toEqual([400, SELF_DEMOTION_REFUSED]);
    const disableSelf = await admin.put(`/admin/users/${admin.uid}/status`, { is_active: false });
    expect([disableSelf.status, disableSelf.body.error]).toEqual([400, SELF_DISABLE_REFUSED]);
    expect((await admin.get('/admin/users')).status).toBe(200);
  });

  it('refuses to make an account admin before its e-mail is verified; removing stays possible', async () => {
    const ada = await person('Ada');
    const admin = await person('Alan', { admin: true });

    const refused = await admin.put(`/admin/users/${ada.uid}/admin`, { is_admin: true });
    expect([refused.status, refused.body]).toEqual([
      400,
      { error: UNVERIFIED_ADMIN_REFUSED, code: 'EMAIL_NOT_VERIFIED' },
    ]);
    expect((await adminAuth().getUser(ada.uid)).customClaims?.admin).toBeUndefined();

    await adminAuth().setCustomUserClaims(ada.uid, { admin: true });
    const removed = await admin.put(`/admin/users/${ada.uid}/admin`, { is_admin: false });
    expect([removed.status, removed.body.is_admin]).toEqual([200, false]);
  });

  it('validates bodies and answers 404 for unknown users', async () => {
    const admin = await person('Alan', { admin: true });
    const ada = await person('Ada');
    expect((await admin.put(`/admin/users/${ada.uid}/status`, { is_active: 'no' })).status).toBe(
      400,
    );
    expect((await admin.put(`/admin/users/${ada.uid}/admin`, {})).status).toBe(400);
    expect((await admin.put('/admin/users/nobody-here/status', { is_active: false })).status).toBe(
      404,
    );
  });
});
