import type { Storage } from 'firebase-admin/storage';
import { assertSafeObjectPath, folderPrefix } from './image-store';
import { plainBytes, type SourceStore } from './source-store';

export interface CloudSourceStoreOptions {
  storage: Storage;
  bucket: string;
}

/**
 * Source files in Cloud Storage. Saved without a Firebase download token (the rules deny all
 * client access), so the only way to a file is this store, through the Admin SDK.
 */
export class CloudSourceStore implements SourceStore {
  constructor(private readonly options: CloudSourceStoreOptions) {}

  private file(objectPath: string) {
    assertSafeObjectPath(objectPath);
    return this.options.storage.bucket(this.options.bucket).file(objectPath);
  }

  async save(objectPath: string, bytes: Uint8Array, contentType: string) {
    await this.file(objectPath).save(Buffer.from(bytes), {
      resumable: false,
      contentType,
      metadata: { cacheControl: 'private, no-store' },
    });
  }

  async read(objectPath: string) {
    try {
      const [bytes] = await this.file(objectPath).download();
      return plainBytes(bytes);
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 404) return null;
      throw error;
    }
  }

  async delete(objectPath: string) {
    await this.file(objectPath).delete({ ignoreNotFound: true });
  }

  async deletePrefix(prefix: string) {
    const [files] = await this.options.storage
      .bucket(this.options.bucket)
      .getFiles({ prefix: folderPrefix(prefix) });
    await Promise.all(files.map((file) => file.delete({ ignoreNotFound: true })));
    return files.length;
  }
}
