import type { Env } from '../env';
import { adminStorage } from '../firebase-admin';
import { CloudImageStore } from './cloud-image-store';
import type { ImageStore } from './image-store';
import { LocalImageStore } from './local-image-store';

/** The image store the environment asks for: local disk offline, Cloud Storage otherwise. */
export function createImageStore(env: Env): ImageStore {
  if (env.IMAGE_STORE === 'local') return new LocalImageStore(env.LOCAL_IMAGE_DIR ?? '');
  const bucket = env.STORAGE_BUCKET ?? `${env.GCLOUD_PROJECT ?? 'demo-coursecraft'}.appspot.com`;
  return new CloudImageStore({
    storage: adminStorage(),
    bucket,
    emulatorHost: env.STORAGE_EMULATOR_HOST,
  });
}
