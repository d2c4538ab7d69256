import type { ImageStore } from '../../lib/storage/image-store';
import { LocalImageStore } from '../../lib/storage/local-image-store';

/** Images of the local-disk store (offline runs); with Cloud Storage they have their own URLs. */
export function filesService(imageStore: () => ImageStore) {
  return {
    /** The stored file, or null when the store is not local or has no such file. */
    async readLocalFile(objectPath: string) {
      const store = imageStore();
      return store instanceof LocalImageStore ? store.read(objectPath) : null;
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;
