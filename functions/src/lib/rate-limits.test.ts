import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { rateLimitSettingsFromEnv } from './rate-limits';

const onEmulators = (variables: Record<string, string>) =>
  rateLimitSettingsFromEnv(parseEnv(variables)).onEmulators;

describe('rateLimitSettingsFromEnv', () => {
  it('knows the emulators only by the Functions emulator or the Auth emulator in use', () => {
    expect(onEmulators({})).toBe(false);
    expect(onEmulators({ FUNCTIONS_EMULATOR: 'false', K_SERVICE: 'api' })).toBe(false);
    expect(onEmulators({ FUNCTIONS_EMULATOR: 'true' })).toBe(true);
    expect(onEmulators({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toBe(true);
  });
});
