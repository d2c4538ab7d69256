import { mkdir, readFile, rm, writeFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeObjectPath, type ImageStore } from './image-store';

export const LOCAL_FILES_ROUTE = '/api/files';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

/** Images on local disk for offline runs, served by the API under /api/files/<path>. */
export class LocalImageStore implements ImageStore {
  constructor(private readonly root: string) {}

  private resolve(objectPath: string): string {
    assertSafeObjectPath(objectPath);
    return path.join(this.root, ...objectPath.split('/'));
  }

  async save(objectPath: string, bytes: Uint8Array, _contentType: string) {
    const file = this.resolve(objectPath);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return { url: `${LOCAL_FILES_ROUTE}/${objectPath}` };
  }

  async deletePrefix(prefix: string) {
    const target = this.resolve(prefix.replace(/\/+$/, ''));
    const removed = await countFiles(target);
    await rm(target, { recursive: true, force: true });
    return removed;
  }

  /** The stored bytes and their type, or null when absent or the path is unsafe. */
  async read(objectPath: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    let file: string;
    try {
      file = this.resolve(objectPath);
    } catch {
      return null;
    }
    const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()];
    if (!contentType) return null;
    const bytes = await readFile(file).catch(() => null);
    return bytes ? { bytes, contentType } : null;
  }
}
