import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

const KEY_FILE = path.join(ROOT, '.local', 'secrets', 'api-key-encryption-key');

/**
 * The API key encryption key of local runs: generated once per clone (32 random bytes, base64)
 * and kept under .local/, so keys saved in a local suite stay readable across restarts.
 */
export function localEncryptionKey() {
  if (!fs.existsSync(KEY_FILE)) {
    fs.mkdirSync(path.dirname(KEY_FILE), { recursive: true });
    fs.writeFileSync(KEY_FILE, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  }
  return fs.readFileSync(KEY_FILE, 'utf8').trim();
}

/**
 * Writes the Functions emulator's secret overrides (functions/dist/.secret.local), which it reads
 * instead of Secret Manager. `firebase deploy` never uploads `*.local` files.
 */
export function writeLocalFunctionSecrets() {
  fs.writeFileSync(
    path.join(ROOT, 'functions', 'dist', '.secret.local'),
    `API_KEY_ENCRYPTION_KEY=${localEncryptionKey()}\n`,
    { mode: 0o600 },
  );
}
