import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { LocalImageStore } from './local-image-store';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('LocalImageStore', () => {
  let root: string;
  let store: LocalImageStore;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'images-'));
    store = new LocalImageStore(root);
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes the bytes under the root and returns an API URL', async () => {
    const { url } = await store.save('users/u1/courses/c1/cover.png', PNG, 'image/png');
    expect(url).toBe('/api/files/users/u1/courses/c1/cover.png');
    expect(
      new Uint8Array(await readFile(path.join(root, 'users/u1/courses/c1/cover.png'))),
    ).toEqual(PNG);
  });

  it('deletes everything under a prefix and says how many files went', async () => {
    await store.save('users/u1/courses/c1/cover.png', PNG, 'image/png');
    await store.save('users/u1/courses/c1/subjects/s1/cover.png', PNG, 'image/png');
    await store.save('users/u1/courses/c2/cover.png', PNG, 'image/png');
    expect(await store.deletePrefix('users/u1/courses/c1/')).toBe(2);
    expect(await store.read('users/u1/courses/c1/cover.png')).toBeNull();
    expect(await store.read('users/u1/courses/c2/cover.png')).not.toBeNull();
  });

  it('refuses paths that climb out of the root', async () => {
    await expect(store.save('../outside.png', PNG, 'image/png')).rejects.toThrow(/Unsafe/);
    await expect(store.save('users//x.png', PNG, 'image/png')).rejects.toThrow(/Unsafe/);
    expect(await store.read('users/../../etc/passwd')).toBeNull();
  });

  it('serves a stored image through GET /api/files with its content type', async () => {
    await store.save('users/u1/courses/c1/cover.png', PNG, 'image/png');
    const app = createApp({ imageStore: () => store, probeFirestore: () => Promise.resolve() });
    const response = await request(app).get('/api/files/users/u1/courses/c1/cover.png');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(new Uint8Array(response.body as Buffer)).toEqual(PNG);
  });

  it('answers 404 for a missing file and for a traversal attempt', async () => {
    const app = createApp({ imageStore: () => store, probeFirestore: () => Promise.resolve() });
    expect((await request(app).get('/api/files/users/u1/none.png')).status).toBe(404);
    expect((await request(app).get('/api/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});
