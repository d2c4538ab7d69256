import { onRequest } from 'firebase-functions/https';
import { createApp } from './app';

export const api = onRequest(
  { region: 'us-central1', memory: '512MiB', timeoutSeconds: 300, concurrency: 40 },
  createApp(),
);
