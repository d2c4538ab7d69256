import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { localFileOf } from './local-files';
import { IMAGE_CONTENT_TYPES, extensionOf, folderPrefix, type ImageStore } from './image-store';

/** Where the API serves the local store's files (see modules/files). */
export const LOCAL_FILES_ROUTE = '/api/files';

function contentTypeOf(objectPath: string): string | undefined {
  return IMAGE_CONTENT_TYPES[path.extname(objectPath).toLowerCase()];
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Images on local disk for offline runs, served by the API under /api/files/<path>. */
export class LocalImageStore implements ImageStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private resolve(objectPath: string): string {
    return localFileOf(this.root, objectPath);
  }

  async save(objectPath: string, bytes: Uint8Array, _contentType: string) {
    const file = this.resolve(objectPath);
    if (!contentTypeOf(objectPath)) {
      throw new Error(`The local image store cannot serve ${JSON.stringify(objectPath)}`);
    }
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return { url: `${LOCAL_FILES_ROUTE}/${objectPath}` };
  }

  async delete(objectPath: string) {
    await rm(this.resolve(objectPath), { force: true });
  }

  async deletePrefix(prefix: string, { keep }: { keep?: string } = {}) {
    const dir = this.resolve(folderPrefix(prefix).slice(0, -1));
    const files = await filesUnder(dir);
    if (keep === undefined) {
      await rm(dir, { recursive: true, force: true });
      return files.length;
    }
    const kept = this.resolve(keep);
    const doomed = files.filter((file) => file !== kept);
    await Promise.all(doomed.map((file) => rm(file, { force: true })));
    return doomed.length;
  }

  /** The object path of one of this store's URLs (`/api/files/<path>[?t=…]`), or null. */
  private objectPathOf(url: string): string | null {
    const prefix = `${LOCAL_FILES_ROUTE}/`;
    if (!url.startsWith(prefix)) return null;
    return url.slice(prefix.length).split(/[?#]/)[0] ?? '';
  }

  async copyFromUrl(sourceUrl: string, toPath: string) {
    const source = this.objectPathOf(sourceUrl);
    if (source === null || !contentTypeOf(source)) return null;
    let from: string;
    try {
      from = this.resolve(source);
    } catch {
      return null;
    }
    const target = `${toPath}${extensionOf(source)}`;
    const to = this.resolve(target);
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await copyFile(from, to);
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
      throw error;
    }
    return { url: `${LOCAL_FILES_ROUTE}/${target}` };
  }

  async readFromUrl(url: string) {
    const objectPath = this.objectPathOf(url);
    return objectPath === null ? null : this.read(objectPath);
  }

  /** The stored bytes and their type, or null when absent, not an image or the path is unsafe. */
  async read(objectPath: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const contentType = contentTypeOf(objectPath);
    if (!contentType) return null;
    let file: string;
    try {
      file = this.resolve(objectPath);
    } catch {
      return null;
    }
    const bytes = await readFile(file).catch(() => null);
    return bytes ? { bytes, contentType } : null;
  }
}
