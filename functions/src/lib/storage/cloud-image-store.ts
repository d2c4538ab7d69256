import { randomUUID } from 'node:crypto';
import type { Storage } from 'firebase-admin/storage';
import {
  IMAGE_CONTENT_TYPES,
  assertSafeObjectPath,
  extensionOf,
  folderPrefix,
  type ImageStore,
} from './image-store';

const FIREBASE_STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

export interface CloudImageStoreOptions {
  storage: Storage;
  bucket: string;
  /** The Storage emulator, `host:port` or `http://host:port`, when running against it. */
  emulatorHost?: string | undefined;
}

/** Images in Cloud Storage, shown through Firebase download-token URLs (no public bucket). */
export class CloudImageStore implements ImageStore {
  private readonly origin: string;

  constructor(private readonly options: CloudImageStoreOptions) {
    const host = options.emulatorHost?.replace(/\/+$/, '');
    this.origin = !host ? FIREBASE_STORAGE_ORIGIN : host.includes('://') ? host : `http://${host}`;
  }

  private bucket() {
    return this.options.storage.bucket(this.options.bucket);
  }

  /** The Firebase download URL of an object holding the given download token. */
  downloadUrl(objectPath: string, token: string): string {
    const bucket = encodeURIComponent(this.options.bucket);
    const object = encodeURIComponent(objectPath);
    return `${this.origin}/v0/b/${bucket}/o/${object}?alt=media&token=${token}`;
  }

  /** The object path a download URL of this store's bucket names, or null. */
  objectPathOf(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.origin !== this.origin) return null;
    const match = /^\/v0\/b\/([^/]+)\/o\/([^/]+)$/.exec(parsed.pathname);
    if (!match?.[1] || !match[2]) return null;
    try {
      if (decodeURIComponent(match[1]) !== this.options.bucket) return null;
      const objectPath = decodeURIComponent(match[2]);
      assertSafeObjectPath(objectPath);
      return objectPath;
    } catch {
      return null;
    }
  }

  async save(objectPath: string, bytes: Uint8Array, contentType: string) {
    assertSafeObjectPath(objectPath);
    const token = randomUUID();
    await this.bucket()
      .file(objectPath)
      .save(Buffer.from(bytes), {
        resumable: false,
        contentType,
        metadata: { metadata: { firebaseStorageDownloadTokens: token } },
      });
    return { url: this.downloadUrl(objectPath, token) };
  }

  async delete(objectPath: string) {
    assertSafeObjectPath(objectPath);
    await this.bucket().file(objectPath).delete({ ignoreNotFound: true });
  }

  async deletePrefix(prefix: string, { keep }: { keep?: string } = {}) {
    const folder = folderPrefix(prefix);
    const [files] = await this.bucket().getFiles({ prefix: folder });
    const doomed = files.filter((file) => file.name !== keep);
    await Promise.all(doomed.map((file) => file.delete({ ignoreNotFound: true })));
    return doomed.length;
  }

  async readFromUrl(url: string) {
    const objectPath = this.objectPathOf(url);
    if (!objectPath) return null;
    try {
      const [bytes] = await this.bucket().file(objectPath).download();
      const contentType =
        IMAGE_CONTENT_TYPES[extensionOf(objectPath).toLowerCase()] ?? 'application/octet-stream';
      return { bytes, contentType };
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 404) return null;
      throw error;
    }
  }

  async copyFromUrl(sourceUrl: string, toPath: string) {
    const source = this.objectPathOf(sourceUrl);
    if (!source) return null;
    const target = `${toPath}${extensionOf(source)}`;
    assertSafeObjectPath(target);
    const token = randomUUID();
    const contentType = IMAGE_CONTENT_TYPES[extensionOf(source).toLowerCase()];
    // A rewrite with a body takes the destination's metadata from it: restate the type.
    try {
      await this.bucket()
        .file(source)
        .copy(this.bucket().file(target), {
          ...(contentType ? { contentType } : {}),
          metadata: { firebaseStorageDownloadTokens: token },
        });
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 404) return null;
      throw error;
    }
    return { url: this.downloadUrl(target, token) };
  }
}
