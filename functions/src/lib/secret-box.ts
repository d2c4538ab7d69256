import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256-GCM with a fresh 96-bit IV per message and a 128-bit tag (NIST SP 800-38D). */
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bumped if the algorithm or key ever changes, so old records stay readable. */
const FORMAT_VERSION = 1;

/** An encrypted value as stored: every part base64. */
export interface SealedSecret {
  v: number;
  iv: string;
  tag: string;
  ciphertext: string;
}

/** Decodes the base64 `API_KEY_ENCRYPTION_KEY` into a 32-byte key, or throws. */
export function parseEncryptionKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(`The encryption key must be ${KEY_BYTES} bytes, base64-encoded.`);
  }
  return key;
}

/**
 * Encrypts `plaintext`, bound to `context` (additional authenticated data), so a record copied to
 * another user's document fails to decrypt there.
 */
export function seal(key: Buffer, plaintext: string, context: string): SealedSecret {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    v: FORMAT_VERSION,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

/** Decrypts a sealed secret; throws if it was tampered with, moved or sealed with another key. */
export function open(key: Buffer, sealed: SealedSecret, context: string): string {
  if (sealed.v !== FORMAT_VERSION) throw new Error(`Unknown secret format ${sealed.v}.`);
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, 'base64'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
    decipher.final(),
  ]).toString('utf8');
}
