/** An image's type as its first bytes tell it, with the extension it is stored under. */
export interface ImageType {
  contentType: string;
  extension: string;
}

/** Whether `bytes` hold `prefix` at offset `at`. */
export const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** PNG, JPEG, WebP or GIF by their magic bytes; null for anything else. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { contentType: 'image/gif', extension: 'gif' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  return null;
}

/** The only types a generated image is kept as: no GIF, and never SVG (it can carry script). */
const GENERATED_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * The type of a generated image by its bytes when it is PNG, JPEG or WebP, else null; the type a
 * model declares is not trusted.
 */
export function generatedImageTypeOf(bytes: Uint8Array): ImageType | null {
  const type = imageTypeOf(bytes);
  return type && GENERATED_IMAGE_TYPES.has(type.contentType) ? type : null;
}
