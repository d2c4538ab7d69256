import { describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults to the Cloud Storage image store and the package version', () => {
    const env = parseEnv({ GCLOUD_PROJECT: 'demo-coursecraft' });
    expect(env.IMAGE_STORE).toBe('cloud');
    expect(env.APP_VERSION).toBe(version);
    expect(env.FUNCTIONS_EMULATOR).toBe(false);
  });

  it('reads the emulator flag and an explicit version', () => {
    const env = parseEnv({ FUNCTIONS_EMULATOR: 'true', APP_VERSION: '1.2.3' });
    expect(env.FUNCTIONS_EMULATOR).toBe(true);
    expect(env.APP_VERSION).toBe('1.2.3');
  });

  it('treats blank variables as unset', () => {
    expect(parseEnv({ STORAGE_BUCKET: '', APP_VERSION: ' ' })).toMatchObject({
      STORAGE_BUCKET: undefined,
      APP_VERSION: version,
    });
  });

  it('refuses the local image store without a directory', () => {
    expect(() => parseEnv({ IMAGE_STORE: 'local' })).toThrow(
      'Invalid environment: LOCAL_IMAGE_DIR: LOCAL_IMAGE_DIR is required when IMAGE_STORE is local',
    );
  });

  it('refuses an unknown image store as a plain error, not a validation error', () => {
    expect(() => parseEnv({ IMAGE_STORE: 's3' })).toThrow(/^Invalid environment: IMAGE_STORE: /);
  });

  it('splits the app origins and drops trailing slashes', () => {
    expect(
      parseEnv({ APP_ORIGINS: 'https://a.web.app/, http://127.0.0.1:5050' }).APP_ORIGINS,
    ).toEqual(['https://a.web.app', 'http://127.0.0.1:5050']);
    expect(parseEnv({}).APP_ORIGINS).toEqual([]);
  });
});
