import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { describe, expect, it } from 'vitest';
import { CloudImageStore } from '../../functions/src/lib/storage/cloud-image-store';

const emulatorHost = process.env.STORAGE_EMULATOR_HOST;
if (!emulatorHost) {
  console.log(
    'Skipping CloudImageStore tests: STORAGE_EMULATOR_HOST is not set. They run against the ' +
      'official Storage emulator, which `npm test` starts where Java 21+ is available.',
  );
}

describe.skipIf(!emulatorHost)('CloudImageStore (Storage emulator)', () => {
  it('stores an image, returns a token URL that serves it, and deletes by prefix', async () => {
    const app = initializeApp({ projectId: 'demo-coursecraft' }, `cloud-store-${Date.now()}`);
    try {
      const store = new CloudImageStore({
        storage: getStorage(app),
        bucket: 'demo-coursecraft.appspot.com',
        emulatorHost,
      });
      const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 9, 9]);
      const { url } = await store.save('users/u1/courses/c1/cover.png', bytes, 'image/png');
      expect(url).toContain(encodeURIComponent('users/u1/courses/c1/cover.png'));
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
      const copy = await store.copyFromUrl(url, 'published/c1/v1/cover');
      expect(copy?.url).toContain(encodeURIComponent('published/c1/v1/cover.png'));
      const copied = await fetch(copy?.url ?? '');
      expect(new Uint8Array(await copied.arrayBuffer())).toEqual(bytes);
      expect(await store.deletePrefix('users/u1/courses/c1/')).toBe(1);
      expect(await store.deletePrefix('published/c1')).toBe(1);
    } finally {
      await deleteApp(app);
    }
  });
});
