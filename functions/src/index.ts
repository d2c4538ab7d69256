import { onRequest } from 'firebase-functions/https';
import { defineSecret } from 'firebase-functions/params';
import { createApp } from './app';

/** Encrypts users' Google API keys; locally, `npm start` writes a generated one to .secret.local. */
const apiKeyEncryptionKey = defineSecret('API_KEY_ENCRYPTION_KEY');

/**
 * The whole API, reached through the Hosting rewrite `/api/**`. Hosting gives up on a rewritten
 * request after 60 s, so a longer function timeout would only burn instance time.
 */
export const api = onRequest(
  {
    region: 'us-central1',
    memory: '512MiB',
    cpu: 1,
    concurrency: 40,
    timeoutSeconds: 60,
    maxInstances: 10,
    secrets: [apiKeyEncryptionKey],
  },
  createApp(),
);
