import { randomUUID } from 'node:crypto';
import type { Storage } from 'firebase-admin/storage';
import { assertSafeObjectPath, type ImageStore } from './image-store';

export interface CloudImageStoreOptions {
  storage: Storage;
  bucket: string;
  /** host:port of the Storage emulator, when running against it. */
  emulatorHost?: string | undefined;
}

/** Images in Cloud Storage, shown through Firebase download-token URLs (no public bucket). */
export class CloudImageStore implements ImageStore {
  constructor(private readonly options: CloudImageStoreOptions) {}

  private bucket() {
    return this.options.storage.bucket(this.options.bucket);
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
    const origin = this.options.emulatorHost
      ? `http://${this.options.emulatorHost}`
      : 'https://firebasestorage.googleapis.com';
    const url = `${origin}/v0/b/${this.options.bucket}/o/${encodeURIComponent(objectPath)}?alt=media&token=${token}`;
    return { url };
  }

  async deletePrefix(prefix: string) {
    assertSafeObjectPath(prefix.replace(/\/+$/, ''));
    const [files] = await this.bucket().getFiles({ prefix });
    await Promise.all(files.map((file) => file.delete({ ignoreNotFound: true })));
    return files.length;
  }
}
