/** Where generated images live: Cloud Storage in production, local disk in offline runs. */
export interface ImageStore {
  /** Stores the bytes under `path` (replacing what was there) and returns a URL to show them. */
  save(path: string, bytes: Uint8Array, contentType: string): Promise<{ url: string }>;
  /** Deletes one object; a missing one is not an error. */
  delete(path: string): Promise<void>;
  /**
   * Deletes everything under the folder `prefix` (`a/b` and `a/b/` alike) but the object `keep`;
   * returns how many files went.
   */
  deletePrefix(prefix: string, options?: { keep?: string }): Promise<number>;
  /**
   * Copies the object a URL of this store shows to `toPath` plus the source's extension, and
   * returns the copy's URL; null when the URL names no object of this store (nothing copied).
   */
  copyFromUrl(sourceUrl: string, toPath: string): Promise<{ url: string } | null>;
  /**
   * The bytes of the object a URL of this store shows, and its type (by extension); null when
   * the URL names no object of this store or the object is gone.
   */
  readFromUrl(url: string): Promise<StoredImage | null>;
}

/** An image as the store holds it. */
export interface StoredImage {
  bytes: Uint8Array;
  contentType: string;
}

/** The extension of an object path, dot included (`.png`), or '' when it has none. */
export function extensionOf(objectPath: string): string {
  const name = objectPath.slice(objectPath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/** The image types the stores keep, by lower-case extension. */
export const IMAGE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Object paths are built by the API from ids; anything else (.., empty segments) is refused. */
export function assertSafeObjectPath(path: string): void {
  if (!path.split('/').every((segment) => SEGMENT.test(segment))) {
    throw new Error(`Unsafe storage path: ${JSON.stringify(path)}`);
  }
}

/** A folder prefix ending in one slash, so `courses/c1` never matches `courses/c10/...`. */
export function folderPrefix(prefix: string): string {
  const folder = prefix.replace(/\/+$/, '');
  assertSafeObjectPath(folder);
  return `${folder}/`;
}
