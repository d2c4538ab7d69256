import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminAuth } from '../../functions/src/lib/firebase-admin';
import { resetEmulators, signUp } from './support/emulators';

const run = promisify(execFile);

/** `npm run admin:grant` as a user runs it, against the suite's Auth emulator. */
function adminGrant(...args: string[]) {
  return run(process.execPath, ['scripts/admin-grant.mjs', ...args], { env: process.env });
}

describe('npm run admin:grant', () => {
  beforeEach(resetEmulators);

  it('grants and revokes the admin claim, keeping other claims', async () => {
    const user = await signUp('future-admin@example.com');
    await adminAuth().updateUser(user.uid, { emailVerified: true });
    await adminAuth().setCustomUserClaims(user.uid, { beta: true });

    const granted = await adminGrant('Future-Admin@example.com');
    expect(granted.stdout).toContain('Granted admin rights to future-admin@example.com');
    expect((await adminAuth().getUser(user.uid)).customClaims).toEqual({ beta: true, admin: true });

    await adminGrant('future-admin@example.com', '--revoke');
    expect((await adminAuth().getUser(user.uid)).customClaims).toEqual({ beta: true });
  });

  it('refuses an account whose e-mail is not verified, with a clear message', async () => {
    const user = await signUp('unverified@example.com');
    await expect(adminGrant('unverified@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        'The account unverified@example.com has not verified its e-mail address yet. Only accounts with a verified e-mail can be made admin.',
      ),
    });
    expect((await adminAuth().getUser(user.uid)).customClaims?.admin).toBeUndefined();
  });

  it('fails with a clear message for an unknown account or missing e-mail', async () => {
    await expect(adminGrant('nobody@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the e-mail nobody@example.com.'),
    });
    await expect(adminGrant()).rejects.toMatchObject({
      code: 2,
      stdout: expect.stringContaining('Usage: npm run admin:grant'),
    });
  });
});
