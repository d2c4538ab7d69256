import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Storage } from 'firebase-admin/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CloudSourceStore } from './cloud-source-store';
import { LocalSourceStore } from './local-source-store';
import type { SourceStore } from './source-store';

const FILE = 'users/u1/courses/c1/sources/s1/original';
const BYTES = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2]);

interface SavedObject {
  bytes: Buffer;
  options: Record<string, unknown>;
}

/** Just enough of the Admin Storage API for the adapter, backed by a Map. */
function fakeStorage() {
  const objects = new Map<string, SavedObject>();
  const bucket = {
    file: (name: string) => ({
      save: async (bytes: Buffer, options: Record<string, unknown>) => {
        objects.set(name, { bytes, options });
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
  const storage = { bucket: () => bucket } as unknown as Storage;
  return { storage, objects };
}

/** What both adapters must do alike. */
function behavesAsASourceStore(make: () => SourceStore) {
  it('reads back what it saved, and null for a file it does not hold', async () => {
    const store = make();
    await store.save(FILE, BYTES, 'application/pdf');
    const read = await store.read(FILE);
    expect(new Uint8Array(read ?? [])).toEqual(BYTES);
    expect(Buffer.isBuffer(read), 'a Node Buffer, which pdf.js refuses').toBe(false);
    expect(await store.read('users/u1/courses/c1/sources/s2/original')).toBeNull();
  });

  it('deletes one file, then every file of a folder but none of a folder that only starts alike', async () => {
    const store = make();
    await store.save(FILE, BYTES, 'application/pdf');
    await store.delete(FILE);
    await store.delete(FILE);
    expect(await store.read(FILE)).toBeNull();
    await store.save('users/u1/courses/c1/sources/s1/original', BYTES, 'application/pdf');
    await store.save('users/u1/courses/c1/sources/s2/original', BYTES, 'application/pdf');
    await store.save('users/u1/courses/c10/sources/s1/original', BYTES, 'application/pdf');
    expect(await store.deletePrefix('users/u1/courses/c1')).toBe(2);
    expect(await store.read('users/u1/courses/c10/sources/s1/original')).not.toBeNull();
  });

  it('refuses a path that climbs out of its folder', async () => {
    await expect(make().save('users/../../etc/original', BYTES, 'text/plain')).rejects.toThrow(
      /Unsafe storage path/,
    );
  });
}

describe('LocalSourceStore', () => {
  let parent: string;

  beforeEach(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'sources-'));
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  behavesAsASourceStore(() => new LocalSourceStore(path.join(parent, 'store')));

  it('keeps the file under its own root', async () => {
    await new LocalSourceStore(path.join(parent, 'store')).save(FILE, BYTES, 'application/pdf');
    expect(new Uint8Array(await readFile(path.join(parent, 'store', FILE)))).toEqual(BYTES);
  });
});

describe('CloudSourceStore', () => {
  let fake: ReturnType<typeof fakeStorage>;

  beforeEach(() => {
    fake = fakeStorage();
  });

  behavesAsASourceStore(() => new CloudSourceStore({ storage: fake.storage, bucket: 'b' }));

  it('saves no download token, so Firebase makes no URL for the file', async () => {
    await new CloudSourceStore({ storage: fake.storage, bucket: 'b' }).save(
      FILE,
      BYTES,
      'application/pdf',
    );
    const saved = fake.objects.get(FILE);
    expect(saved?.options.contentType).toBe('application/pdf');
    expect(JSON.stringify(saved?.options)).not.toMatch(/firebaseStorageDownloadTokens/);
  });
});
