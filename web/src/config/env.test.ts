import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const complete = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'app.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'app',
  VITE_FIREBASE_APP_ID: '1:2:web:3',
};

describe('parseEnv', () => {
  it('reads the Firebase configuration', () => {
    expect(parseEnv(complete, { production: true }).firebase).toEqual({
      apiKey: 'key',
      authDomain: 'app.firebaseapp.com',
      projectId: 'app',
      appId: '1:2:web:3',
    });
  });

  it('refuses a production build without its Firebase project, naming what is missing', () => {
    expect(() =>
      parseEnv(
        { VITE_FIREBASE_API_KEY: 'key', VITE_FIREBASE_PROJECT_ID: ' ' },
        { production: true },
      ),
    ).toThrow('VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID');
  });

  it('says whether the local suite serves AI from the fake Gemini', () => {
    expect(
      parseEnv({ ...complete, VITE_FAKE_GEMINI: 'true' }, { production: true }).fakeGemini,
    ).toBe(true);
    expect(parseEnv(complete, { production: true }).fakeGemini).toBe(false);
  });

  it('falls back to the demo project outside production', () => {
    expect(parseEnv({}, { production: false }).firebase).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-coursecraft.firebaseapp.com',
      projectId: 'demo-coursecraft',
    });
  });

  it('uses the Auth emulator only when its URL is set', () => {
    expect(parseEnv(complete, { production: true }).authEmulatorUrl).toBeUndefined();
    expect(
      parseEnv(
        { ...complete, VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099/' },
        { production: true },
      ).authEmulatorUrl,
    ).toBe('http://127.0.0.1:9099');
  });

  it('rejects an emulator URL that is not http(s)', () => {
    expect(() =>
      parseEnv({ ...complete, VITE_AUTH_EMULATOR_URL: '127.0.0.1:9099' }, { production: true }),
    ).toThrow('VITE_AUTH_EMULATOR_URL');
  });

  it('defaults the contact address to hello@coursecraft.app, also when it is invalid', () => {
    expect(parseEnv(complete, { production: true }).contactEmail).toBe('hello@coursecraft.app');
    expect(
      parseEnv({ ...complete, VITE_CONTACT_EMAIL: 'not an email' }, { production: true })
        .contactEmail,
    ).toBe('hello@coursecraft.app');
    expect(
      parseEnv({ ...complete, VITE_CONTACT_EMAIL: 'team@example.org' }, { production: true })
        .contactEmail,
    ).toBe('team@example.org');
  });
});
