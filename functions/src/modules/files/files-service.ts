import type { ImageStore } from '../../lib/storage/image-store';
import { LocalImageStore } from '../../lib/storage/local-image-store';

const SOURCES_SEGMENT = 'sources';

/** Images of the local-disk store (offline runs); with Cloud Storage they have their own URLs. */
export function filesService(imageStore: () => ImageStore) {
  return {
    /**
     * The stored file, or null when the store is not local or has no such file. A path through a
     * `sources` folder is never served, whatever is there: the authors' source files are private.
     */
    async readLocalFile(objectPath: string) {
      if (objectPath.split('/').includes(SOURCES_SEGMENT)) return null;
      const store = imageStore();
      return store instanceof LocalImageStore ? store.read(objectPath) : null;
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;
