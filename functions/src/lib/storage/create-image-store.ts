import type { Env } from '../env';
import { adminApp, adminStorage } from '../firebase-admin';
import { CloudImageStore } from './cloud-image-store';
import type { ImageStore } from './image-store';
import { LocalImageStore } from './local-image-store';
import { CloudSourceStore } from './cloud-source-store';
import { LocalSourceStore } from './local-source-store';
import type { SourceStore } from './source-store';

/** STORAGE_BUCKET, else the app's bucket (FIREBASE_CONFIG), else the project's default bucket. */
function bucketName(env: Env): string {
  const bucket =
    env.STORAGE_BUCKET ??
    adminApp().options.storageBucket ??
    (env.GCLOUD_PROJECT && `${env.GCLOUD_PROJECT}.appspot.com`);
  if (!bucket) throw new Error('No storage bucket: set STORAGE_BUCKET or GCLOUD_PROJECT');
  return bucket;
}

/** The image store the environment asks for: local disk offline, Cloud Storage otherwise. */
export function createImageStore(env: Env): ImageStore {
  if (env.IMAGE_STORE === 'local') {
    if (!env.LOCAL_IMAGE_DIR)
      throw new Error('LOCAL_IMAGE_DIR is required when IMAGE_STORE is local');
    return new LocalImageStore(env.LOCAL_IMAGE_DIR);
  }
  return new CloudImageStore({
    storage: adminStorage(),
    bucket: bucketName(env),
    emulatorHost: env.STORAGE_EMULATOR_HOST ?? env.FIREBASE_STORAGE_EMULATOR_HOST,
  });
}

/**
 * The private store of the authors' source files, chosen by the same IMAGE_STORE setting: a
 * folder of its own offline (never under LOCAL_IMAGE_DIR, which `/api/files` serves), the same
 * bucket otherwise, where it saves no download token.
 */
export function createSourceStore(env: Env): SourceStore {
  if (env.IMAGE_STORE === 'local') {
    if (!env.LOCAL_SOURCE_DIR)
      throw new Error('LOCAL_SOURCE_DIR is required when IMAGE_STORE is local');
    return new LocalSourceStore(env.LOCAL_SOURCE_DIR);
  }
  return new CloudSourceStore({ storage: adminStorage(), bucket: bucketName(env) });
}
