/** The web app's configuration, read and validated once from Vite's environment. */

const DEFAULT_CONTACT_EMAIL = 'hello@coursecraft.app';

/** Used outside production builds when no Firebase configuration is given (the emulator needs no real project). */
const DEMO_FIREBASE = {
  apiKey: 'demo-api-key',
  authDomain: 'demo-coursecraft.firebaseapp.com',
  projectId: 'demo-coursecraft',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

export interface Env {
  firebase: FirebaseWebConfig;
  /** Origin of the Auth emulator, e.g. http://127.0.0.1:9099; undefined in production. */
  authEmulatorUrl: string | undefined;
  contactEmail: string;
  /** The local suite serves AI from a fake Gemini (`npm start -- --fake-gemini`, tests). */
  fakeGemini: boolean;
}

type RawEnv = Partial<Record<keyof ImportMetaEnv, string | undefined>>;

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseEmulatorUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VITE_AUTH_EMULATOR_URL is not a valid URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`VITE_AUTH_EMULATOR_URL must be an http(s) URL: "${value}"`);
  }
  return url.origin;
}

/**
 * Builds the configuration from raw variables. Production builds must name their Firebase
 * project; other modes fall back to the demo project so the app runs against the emulators.
 */
export function parseEnv(raw: RawEnv, { production }: { production: boolean }): Env {
  const apiKey = clean(raw.VITE_FIREBASE_API_KEY);
  const authDomain = clean(raw.VITE_FIREBASE_AUTH_DOMAIN);
  const projectId = clean(raw.VITE_FIREBASE_PROJECT_ID);
  const appId = clean(raw.VITE_FIREBASE_APP_ID);

  const missing = [
    ['VITE_FIREBASE_API_KEY', apiKey],
    ['VITE_FIREBASE_AUTH_DOMAIN', authDomain],
    ['VITE_FIREBASE_PROJECT_ID', projectId],
  ]
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (production && missing.length > 0) {
    throw new Error(
      `Missing Firebase configuration: ${missing.join(', ')} (see web/.env.example).`,
    );
  }

  const contactEmail = clean(raw.VITE_CONTACT_EMAIL);

  return {
    firebase: {
      apiKey: apiKey ?? DEMO_FIREBASE.apiKey,
      authDomain: authDomain ?? DEMO_FIREBASE.authDomain,
      projectId: projectId ?? DEMO_FIREBASE.projectId,
      ...(appId ? { appId } : {}),
    },
    authEmulatorUrl: parseEmulatorUrl(clean(raw.VITE_AUTH_EMULATOR_URL)),
    contactEmail:
      contactEmail && EMAIL_PATTERN.test(contactEmail) ? contactEmail : DEFAULT_CONTACT_EMAIL,
    fakeGemini: clean(raw.VITE_FAKE_GEMINI) === 'true',
  };
}

export const env: Env = parseEnv(
  {
    VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY,
    VITE_FIREBASE_AUTH_DOMAIN: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
    VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID,
    VITE_FIREBASE_APP_ID: import.meta.env.VITE_FIREBASE_APP_ID,
    VITE_AUTH_EMULATOR_URL: import.meta.env.VITE_AUTH_EMULATOR_URL,
    VITE_CONTACT_EMAIL: import.meta.env.VITE_CONTACT_EMAIL,
    VITE_FAKE_GEMINI: import.meta.env.VITE_FAKE_GEMINI,
  },
  { production: import.meta.env.PROD },
);
