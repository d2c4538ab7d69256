/**
 * Where the authors' source files live: private, read back only by the API. Unlike the image
 * store it makes no URL of any kind (no download token, no `/api/files` path), so a file can
 * reach nobody but the code that reads it.
 */
export interface SourceStore {
  /** Stores the bytes under `path`, replacing what was there. */
  save(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes (a plain Uint8Array, never a Node Buffer), or null when there is no such file. */
  read(path: string): Promise<Uint8Array | null>;
  /** Deletes one file; a missing one is not an error. */
  delete(path: string): Promise<void>;
  /** Deletes every file under the folder `prefix`; answers how many went. */
  deletePrefix(prefix: string): Promise<number>;
}

/**
 * A Node Buffer's bytes as a plain Uint8Array over the same memory: pdf.js refuses a Buffer
 * ("provide binary data as Uint8Array").
 */
export const plainBytes = (buffer: Uint8Array): Uint8Array =>
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
