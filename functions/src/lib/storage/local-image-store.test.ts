import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalImageStore } from './local-image-store';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('LocalImageStore', () => {
  let parent: string;
  let root: string;
  let store: LocalImageStore;

  beforeEach(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'images-'));
    root = path.join(parent, 'store');
    store = new LocalImageStore(root);
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('writes the bytes under the root and returns an API URL', async () => {
    const { url } = await store.save('users/u1/courses/c1/cover.png', PNG, 'image/png');
    expect(url).toBe('/api/files/users/u1/courses/c1/cover.png');
    const onDisk = await readFile(path.join(root, 'users/u1/courses/c1/cover.png'));
    expect(new Uint8Array(onDisk)).toEqual(PNG);
  });

  it('replaces an image saved again under the same path', async () => {
    await store.save('a/cover.png', PNG, 'image/png');
    await store.save('a/cover.png', Uint8Array.from([7]), 'image/png');
    expect((await store.read('a/cover.png'))?.bytes).toEqual(Buffer.from([7]));
  });

  it('reads a stored image back with the content type of its extension', async () => {
    await store.save('a/photo.JPG', PNG, 'image/jpeg');
    expect(await store.read('a/photo.JPG')).toEqual({
      bytes: Buffer.from(PNG),
      contentType: 'image/jpeg',
    });
    expect(await store.read('a/missing.png')).toBeNull();
  });

  it('deletes everything under a folder prefix and says how many files went', async () => {
    await store.save('users/u1/courses/c1/cover.png', PNG, 'image/png');
    await store.save('users/u1/courses/c1/subjects/s1/cover.png', PNG, 'image/png');
    await store.save('users/u1/courses/c10/cover.png', PNG, 'image/png');
    expect(await store.deletePrefix('users/u1/courses/c1/')).toBe(2);
    expect(await store.read('users/u1/courses/c1/cover.png')).toBeNull();
    expect(await store.read('users/u1/courses/c10/cover.png')).not.toBeNull();
  });

  it('treats a prefix without a trailing slash as the same folder', async () => {
    await store.save('users/u1/courses/c1/cover.png', PNG, 'image/png');
    await store.save('users/u1/courses/c10/cover.png', PNG, 'image/png');
    expect(await store.deletePrefix('users/u1/courses/c1')).toBe(1);
    expect(await store.read('users/u1/courses/c10/cover.png')).not.toBeNull();
  });

  it('deletes one object, and a missing one without failing', async () => {
    await store.save('users/u1/courses/c1/cover/1.png', PNG, 'image/png');
    await store.delete('users/u1/courses/c1/cover/1.png');
    expect(await store.read('users/u1/courses/c1/cover/1.png')).toBeNull();
    await expect(store.delete('users/u1/courses/c1/cover/1.png')).resolves.toBeUndefined();
  });

  it('keeps the one object it is told to keep', async () => {
    await store.save('users/u1/courses/c1/cover/1.png', PNG, 'image/png');
    await store.save('users/u1/courses/c1/cover/2.png', PNG, 'image/png');
    const removed = await store.deletePrefix('users/u1/courses/c1/cover', {
      keep: 'users/u1/courses/c1/cover/2.png',
    });
    expect(removed).toBe(1);
    expect(await store.read('users/u1/courses/c1/cover/1.png')).toBeNull();
    expect(await store.read('users/u1/courses/c1/cover/2.png')).not.toBeNull();
  });

  it('deletes nothing, without failing, under a prefix that does not exist', async () => {
    expect(await store.deletePrefix('users/nobody/')).toBe(0);
  });

  it('refuses paths that climb out of the root or are not plain segments', async () => {
    for (const unsafe of ['../outside.png', 'users/../../x.png', 'users//x.png', '/abs.png', '']) {
      await expect(store.save(unsafe, PNG, 'image/png')).rejects.toThrow(/Unsafe storage path/);
    }
    await expect(store.deletePrefix('../')).rejects.toThrow(/Unsafe storage path/);
    await expect(store.deletePrefix('')).rejects.toThrow(/Unsafe storage path/);
    await expect(store.deletePrefix('/')).rejects.toThrow(/Unsafe storage path/);
  });

  it('never reads outside the root', async () => {
    await writeFile(path.join(parent, 'secret.png'), PNG);
    expect(await store.read('../secret.png')).toBeNull();
    expect(await store.read('users/../../secret.png')).toBeNull();
  });

  it('refuses to store a file it could not serve as an image', async () => {
    await expect(store.save('a/page.html', PNG, 'text/html')).rejects.toThrow(/cannot serve/);
    expect(await store.read('a/page.html')).toBeNull();
  });

  it('copies one of its objects named by URL, keeping the extension, and answers the new URL', async () => {
    await store.save('users/u1/courses/c1/cover/1.png', PNG, 'image/png');
    const copy = await store.copyFromUrl(
      '/api/files/users/u1/courses/c1/cover/1.png?t=1',
      'published/c1/v1/cover',
    );
    expect(copy).toEqual({ url: '/api/files/published/c1/v1/cover.png' });
    expect((await store.read('published/c1/v1/cover.png'))?.bytes).toEqual(Buffer.from(PNG));
    await store.save('users/u1/courses/c1/cover/1.png', Uint8Array.from([9]), 'image/png');
    expect((await store.read('published/c1/v1/cover.png'))?.bytes).toEqual(Buffer.from(PNG));
  });

  it('copies nothing for a URL that is not one of its objects, or a missing one', async () => {
    expect(
      await store.copyFromUrl('https://example.com/a.png', 'published/c1/v1/cover'),
    ).toBeNull();
    expect(await store.copyFromUrl('/api/files/../secret.png', 'published/c1/v1/cover')).toBeNull();
    expect(await store.copyFromUrl('/api/files/a/missing.png', 'published/c1/v1/cover')).toBeNull();
    expect(await store.deletePrefix('published')).toBe(0);
  });

  it('reads one of its objects named by URL, and nothing for any other URL', async () => {
    await store.save('users/u1/courses/c1/cover/1.png', PNG, 'image/png');
    await writeFile(path.join(parent, 'secret.png'), PNG);
    expect(await store.readFromUrl('/api/files/users/u1/courses/c1/cover/1.png?t=1')).toEqual({
      bytes: Buffer.from(PNG),
      contentType: 'image/png',
    });
    for (const url of [
      'https://example.com/users/u1/courses/c1/cover/1.png',
      '/api/files/../secret.png',
      '/api/files/users/u1/courses/c1/cover/missing.png',
      '/api/files/users/u1/courses/c1/cover/1.txt',
    ]) {
      expect(await store.readFromUrl(url)).toBeNull();
    }
  });
});
