import { describe, expect, it } from 'vitest';
import { runsDeployed, testOnlySettings } from './deployed-config';

const DEPLOYED = { K_SERVICE: 'api', GCLOUD_PROJECT: 'coursecraft' };

describe('testOnlySettings', () => {
  it('tells a deployed function from the emulator and from tests', () => {
    expect(runsDeployed(DEPLOYED)).toBe(true);
    expect(runsDeployed({ ...DEPLOYED, FUNCTIONS_EMULATOR: 'true' })).toBe(false);
    expect(runsDeployed({ GCLOUD_PROJECT: 'coursecraft' })).toBe(false);
  });

  it('finds nothing in a deployed function with production settings', () => {
    expect(testOnlySettings({ ...DEPLOYED, IMAGE_STORE: 'cloud', STORAGE_BUCKET: 'b' })).toEqual(
      [],
    );
  });

  it('names a Gemini override, the local image store and every emulator host', () => {
    const settings = testOnlySettings({
      ...DEPLOYED,
      GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:1',
      IMAGE_STORE: 'local',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      CLOUD_TASKS_EMULATOR_HOST: '127.0.0.1:9499',
    });
    expect(settings).toEqual([
      'GOOGLE_GEMINI_BASE_URL is set (Gemini calls would go to a stand-in)',
      'IMAGE_STORE is local (images would live on an instance disk)',
      'CLOUD_TASKS_EMULATOR_HOST is set (an emulator instead of the real service)',
      'FIREBASE_AUTH_EMULATOR_HOST is set (an emulator instead of the real service)',
      'FIRESTORE_EMULATOR_HOST is set (an emulator instead of the real service)',
    ]);
  });

  it('ignores blank variables, and everything outside a deployed function', () => {
    expect(testOnlySettings({ ...DEPLOYED, GOOGLE_GEMINI_BASE_URL: ' ' })).toEqual([]);
    const local = { IMAGE_STORE: 'local', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' };
    expect(testOnlySettings(local)).toEqual([]);
    expect(testOnlySettings({ ...local, K_SERVICE: 'api', FUNCTIONS_EMULATOR: 'true' })).toEqual(
      [],
    );
  });
});
