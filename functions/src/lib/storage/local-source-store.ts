import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { localFileOf } from './local-files';
import { folderPrefix } from './image-store';
import { plainBytes, type SourceStore } from './source-store';

/** Source files on local disk for offline runs, in a folder of their own that nothing serves. */
export class LocalSourceStore implements SourceStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private resolve(objectPath: string): string {
    return localFileOf(this.root, objectPath);
  }

  async save(objectPath: string, bytes: Uint8Array, _contentType: string) {
    const file = this.resolve(objectPath);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  async read(objectPath: string) {
    try {
      return plainBytes(await readFile(this.resolve(objectPath)));
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(objectPath: string) {
    await rm(this.resolve(objectPath), { force: true });
  }

  async deletePrefix(prefix: string) {
    const dir = this.resolve(folderPrefix(prefix).slice(0, -1));
    const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
    await rm(dir, { recursive: true, force: true });
    return entries.filter((entry) => entry.isFile()).length;
  }
}
