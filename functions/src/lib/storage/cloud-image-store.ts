import { randomUUID } from 'node:crypto';
import type { Storage } from 'firebase-admin/storage';
import { assertSafeObjectPath, folderPrefix, type ImageStore } from './image-store';

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
}
