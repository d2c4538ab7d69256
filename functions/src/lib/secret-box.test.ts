import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, parseEncryptionKey, seal } from './secret-box';

const key = randomBytes(32);

describe('secret box', () => {
  it('round-trips a value and never stores it in the clear', () => {
    const sealed = seal(key, 'AIzaSyExample-key_123', 'uid-1');
    expect(JSON.stringify(sealed)).not.toContain('AIzaSyExample');
    expect(open(key, sealed, 'uid-1')).toBe('AIzaSyExample-key_123');
  });

  it('uses a fresh IV for every message', () => {
    expect(seal(key, 'same', 'uid-1').iv).not.toBe(seal(key, 'same', 'uid-1').iv);
  });

  it('refuses another context, another key and a tampered ciphertext', () => {
    const sealed = seal(key, 'secret', 'uid-1');
    expect(() => open(key, sealed, 'uid-2')).toThrow();
    expect(() => open(randomBytes(32), sealed, 'uid-1')).toThrow();
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      open(key, { ...sealed, ciphertext: flipped.toString('base64') }, 'uid-1'),
    ).toThrow();
  });

  it('accepts only 32-byte base64 keys', () => {
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(() => parseEncryptionKey(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});
