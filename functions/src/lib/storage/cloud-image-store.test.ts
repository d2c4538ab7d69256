import type { Storage } from 'firebase-admin/storage';
import { describe, expect, it } from 'vitest';
import { CloudImageStore } from './cloud-image-store';

interface SavedObject {
  bytes: Buffer;
  options: unknown;
}

/** Just enough of the Admin Storage API for the adapter, backed by a Map. */
function fakeStorage() {
  const objects = new Map<string, SavedObject>();
  const buckets: string[] = [];
  const bucket = {
    file: (name: string) => ({
      name,
      save: async (bytes: Buffer, options: unknown) => {
        objects.set(name, { bytes, options });
      },
      copy: async (destination: { name: string }, options: unknown) => {
        const source = objects.get(name);
        if (!source) throw Object.assign(new Error('No such object'), { code: 404 });
        objects.set(destination.name, { bytes: source.bytes, options });
      },
      delete: async () => {
        objects.delete(name);
      },
      download: async () => {
        const object = objects.get(name);
        if (!object) throw Object.assign(new Error('No such object'), { code: 404 });
        return [object.bytes];
      },
    }),
    getFiles: async ({ prefix }: { prefix: string }) => [
      [...objects.keys()]
        .filter((name) => name.startsWith(prefix))
        .map((name) => ({
          name,
          delete: async () => {
            objects.delete(name);
          },
        })),
    ],
  };
  const storage = {
    bucket: (name: string) => {
      buckets.push(name);
      return bucket;
    },
  } as unknown as Storage;
  return { storage, objects, buckets };
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2]);

describe('CloudImageStore', () => {
  it('saves into the configured bucket with a download token and returns its Firebase URL', async () => {
    const { storage, objects, buckets } = fakeStorage();
    const store = new CloudImageStore({ storage, bucket: 'demo.appspot.com' });
    const { url } = await store.save('users/u1/courses/c1/cover.png', PNG, 'image/png');

    expect(buckets).toEqual(['demo.appspot.com']);
    const saved = objects.get('users/u1/courses/c1/cover.png');
    expect(saved?.bytes).toEqual(Buffer.from(PNG));
    expect(saved?.options).toMatchObject({
      contentType: 'image/png',
      metadata: { metadata: { firebaseStorageDownloadTokens: expect.any(String) } },
    });
    const token = (
      saved?.options as { metadata: { metadata: { firebaseStorageDownloadTokens: string } } }
    ).metadata.metadata.firebaseStorageDownloadTokens;
    expect(url).toBe(
      'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/' +
        `users%2Fu1%2Fcourses%2Fc1%2Fcover.png?alt=media&token=${token}`,
    );
  });

  it('gives every save a fresh token, so a replaced image gets a new URL', async () => {
    const { storage } = fakeStorage();
    const store = new CloudImageStore({ storage, bucket: 'b' });
    const first = await store.save('a/cover.png', PNG, 'image/png');
    const second = await store.save('a/cover.png', PNG, 'image/png');
    expect(first.url).not.toBe(second.url);
  });

  it.each([['127.0.0.1:9199'], ['http://127.0.0.1:9199'], ['http://127.0.0.1:9199/']])(
    'points URLs at the Storage emulator given as %s',
    async (emulatorHost) => {
      const store = new CloudImageStore({
        storage: fakeStorage().storage,
        bucket: 'b',
        emulatorHost,
      });
      const { url } = await store.save('a/cover.png', PNG, 'image/png');
      expect(url).toMatch(
        /^http:\/\/127\.0\.0\.1:9199\/v0\/b\/b\/o\/a%2Fcover\.png\?alt=media&token=/,
      );
    },
  );

  it('deletes only the objects inside the folder prefix', async () => {
    const { storage, objects } = fakeStorage();
    const store = new CloudImageStore({ storage, bucket: 'b' });
    await store.save('users/u1/courses/c1/cover.png', PNG, 'image/png');
    await store.save('users/u1/courses/c1/subjects/s1/cover.png', PNG, 'image/png');
    await store.save('users/u1/courses/c10/cover.png', PNG, 'image/png');
    expect(await store.deletePrefix('users/u1/courses/c1')).toBe(2);
    expect([...objects.keys()]).toEqual(['users/u1/courses/c10/cover.png']);
  });

  it('keeps the one object it is told to keep', async () => {
    const { storage, objects } = fakeStorage();
    const store = new CloudImageStore({ storage, bucket: 'b' });
    await store.save('users/u1/courses/c1/cover/1.png', PNG, 'image/png');
    await store.save('users/u1/courses/c1/cover/2.png', PNG, 'image/png');
    const keep = 'users/u1/courses/c1/cover/2.png';
    expect(await store.deletePrefix('users/u1/courses/c1/cover', { keep })).toBe(1);
    expect([...objects.keys()]).toEqual([keep]);
  });

  it('deletes one object', async () => {
    const { storage, objects } = fakeStorage();
    const store = new CloudImageStore({ storage, bucket: 'b' });
    await store.save('users/u1/courses/c1/cover/1.png', PNG, 'image/png');
    await store.save('users/u1/courses/c1/cover/2.png', PNG, 'image/png');
    await store.delete('users/u1/courses/c1/cover/1.png');
    expect([...objects.keys()]).toEqual(['users/u1/courses/c1/cover/2.png']);
    await expect(store.delete('../x.png')).rejects.toThrow(/Unsafe storage path/);
  });

  it('refuses unsafe paths and an empty prefix before touching the bucket', async () => {
    const { storage, buckets } = fakeStorage();
    const store = new CloudImageStore({ storage, bucket: 'b' });
    await expect(store.save('../x.png', PNG, 'image/png')).rejects.toThrow(/Unsafe storage path/);
    await expect(store.deletePrefix('')).rejects.toThrow(/Unsafe storage path/);
    expect(buckets).toEqual([]);
  });

  it('copies an object named by its own download URL under a new token', async () => {
    const { storage, objects } = fakeStorage();
    const store = new CloudImageStore({ storage, bucket: 'demo.appspot.com' });
    const { url } = await store.save('users/u1/courses/c1/cover/1.png', PNG, 'image/png');
    const copy = await store.copyFromUrl(`${url}&t=5`, 'published/c1/v2/cover');
    const saved = objects.get('published/c1/v2/cover.png');
    expect(saved?.bytes).toEqual(Buffer.from(PNG));
    expect(saved?.options).toMatchObject({
      contentType: 'image/png',
      metadata: { firebaseStorageDownloadTokens: expect.any(String) },
    });
    expect(copy?.url).toMatch(
      /^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/demo\.appspot\.com\/o\/published%2Fc1%2Fv2%2Fcover\.png\?alt=media&token=/,
    );
    expect(copy?.url.split('token=')[1]).not.toBe(url.split('token=')[1]);
  });

  it('copies nothing for a URL of another bucket or origin, or a missing object', async () => {
    const { storage, objects } = fakeStorage();
    const store = new CloudImageStore({ storage, bucket: 'b' });
    const elsewhere = [
      'https://firebasestorage.googleapis.com/v0/b/other/o/a%2F1.png?alt=media&token=x',
      'https://example.com/v0/b/b/o/a%2F1.png?alt=media&token=x',
      'https://firebasestorage.googleapis.com/v0/b/b/o/..%2Fx.png?alt=media',
      'not a url',
    ];
    for (const url of elsewhere)
      expect(await store.copyFromUrl(url, 'published/c1/v1/cover')).toBeNull();
    const missing = store.downloadUrl('a/missing.png', 't');
    expect(await store.copyFromUrl(missing, 'published/c1/v1/cover')).toBeNull();
    expect(objects.size).toBe(0);
  });

  it('reads an object named by its own download URL, with the type of its extension', async () => {
    const { storage } = fakeStorage();
    const store = new CloudImageStore({ storage, bucket: 'b' });
    const { url } = await store.save('users/u1/courses/c1/cover/1.png', PNG, 'image/png');
    const read = await store.readFromUrl(`${url}&t=5`);
    expect(read?.contentType).toBe('image/png');
    expect(Buffer.from(read?.bytes ?? [])).toEqual(Buffer.from(PNG));
  });

  it('reads nothing for a URL of another bucket or origin, or a missing object', async () => {
    const { storage } = fakeStorage();
    const store = new CloudImageStore({ storage, bucket: 'b' });
    await store.save('a/1.png', PNG, 'image/png');
    for (const url of [
      'https://firebasestorage.googleapis.com/v0/b/other/o/a%2F1.png?alt=media&token=x',
      'https://example.com/v0/b/b/o/a%2F1.png?alt=media&token=x',
      'https://firebasestorage.googleapis.com/v0/b/b/o/..%2Fx.png?alt=media',
      'not a url',
      store.downloadUrl('a/missing.png', 't'),
    ]) {
      expect(await store.readFromUrl(url)).toBeNull();
    }
  });
});
