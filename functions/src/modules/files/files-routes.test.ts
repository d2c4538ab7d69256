import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImageStore } from '../../lib/storage/image-store';
import { LocalImageStore } from '../../lib/storage/local-image-store';
import { filesRoutes } from './files-routes';
import { filesService } from './files-service';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 4, 5, 6]);

describe('GET /api/files/*', () => {
  let parent: string;
  let store: LocalImageStore;

  beforeEach(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'files-route-'));
    store = new LocalImageStore(path.join(parent, 'store'));
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  const appWith = (imageStore: ImageStore) =>
    express().use('/api', filesRoutes(filesService(() => imageStore)));

  it('serves an image of the local store at the URL it returned, with its content type', async () => {
    const { url } = await store.save('users/u1/courses/c1/cover.png', PNG, 'image/png');
    const response = await request(appWith(store)).get(url).buffer(true);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(new Uint8Array(response.body as Buffer)).toEqual(PNG);
  });

  it('passes a missing file on to the 404 handler', async () => {
    const response = await request(appWith(store)).get('/api/files/users/u1/none.png');
    expect(response.status).toBe(404);
  });

  it('answers 404 to traversal attempts, encoded or not', async () => {
    await writeFile(path.join(parent, 'secret.png'), PNG);
    const app = appWith(store);
    for (const attempt of [
      '/api/files/..%2Fsecret.png',
      '/api/files/%2E%2E/secret.png',
      '/api/files/a/..%2F..%2Fsecret.png',
      '/api/files/%2e%2e%5csecret.png',
    ]) {
      const response = await request(app).get(attempt);
      expect(response.status, attempt).toBe(404);
    }
  });

  it('answers 404 for any path through a sources folder, even to a file that is there', async () => {
    const { url } = await store.save('users/u1/courses/c1/sources/s1/page.png', PNG, 'image/png');
    expect((await request(appWith(store)).get(url)).status).toBe(404);
  });

  it('answers 404 when images live in Cloud Storage', async () => {
    const cloud: ImageStore = {
      save: () => Promise.reject(new Error('unused')),
      delete: () => Promise.reject(new Error('unused')),
      deletePrefix: () => Promise.reject(new Error('unused')),
      copyFromUrl: () => Promise.reject(new Error('unused')),
      readFromUrl: () => Promise.reject(new Error('unused')),
    };
    const response = await request(appWith(cloud)).get('/api/files/users/u1/cover.png');
    expect(response.status).toBe(404);
  });
});
