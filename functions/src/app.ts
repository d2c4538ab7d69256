import express, { type Express } from 'express';
import { getEnv } from './lib/env';
import { adminAuth } from './lib/firebase-admin';
import { HttpError } from './lib/http-error';
import type { ImageStore } from './lib/storage/image-store';
import { createImageStore } from './lib/storage/create-image-store';
import { errorHandler } from './middleware/error-handler';
import type { IdTokenVerifier } from './middleware/require-auth';
import { filesRoutes } from './modules/files/files-routes';
import { probeFirestore } from './modules/health/health-repository';
import { healthRoutes } from './modules/health/health-routes';

/** Largest JSON body the API accepts. */
export const JSON_BODY_LIMIT = '100kb';

/** What the app talks to; tests swap single entries, production uses the defaults. */
export interface AppDependencies {
  verifyIdToken: IdTokenVerifier;
  probeFirestore: () => Promise<void>;
  imageStore: () => ImageStore;
  version: () => string;
}

function defaultDependencies(): AppDependencies {
  let imageStore: ImageStore | undefined;
  return {
    verifyIdToken: (idToken) => adminAuth().verifyIdToken(idToken, true),
    probeFirestore,
    imageStore: () => (imageStore ??= createImageStore(getEnv())),
    version: () => getEnv().APP_VERSION,
  };
}

/** The whole REST API as an Express app, mounted under /api; `listen` is the caller's business. */
export function createApp(overrides: Partial<AppDependencies> = {}): Express {
  const deps: AppDependencies = { ...defaultDependencies(), ...overrides };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);

  const api = express.Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(healthRoutes(deps));
  api.use(filesRoutes(deps.imageStore));
  api.use(() => {
    throw new HttpError(404, 'Not found');
  });

  app.use('/api', api);
  app.use(() => {
    throw new HttpError(404, 'Not found');
  });
  app.use(errorHandler);
  return app;
}
