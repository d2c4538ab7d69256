import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read environment variables only in the package env.ts module.',
};

/** Imports that cross the API's layers (route -> service -> repository); see docs/architecture.md. */
const firestoreOnlyInRepositories = [
  {
    group: ['firebase-admin/firestore'],
    message: 'Only repositories (*-repository.ts) and lib/firestore touch Firestore.',
  },
  {
    group: ['**/lib/firebase-admin'],
    importNames: ['db'],
    message: 'Only repositories (*-repository.ts) touch Firestore.',
  },
];
const geminiSdkOnlyInClient = {
  group: ['@google/genai'],
  message: 'Only lib/gemini/gemini-client.ts talks to the Gemini SDK.',
};
const apiLayers = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [geminiSdkOnlyInClient, ...patterns] }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.tools/**',
      '.local/**',
      'test-results/**',
      'playwright-report/**',
      'emulator-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noProcessEnv],
    },
  },
  {
    files: ['**/env.ts', 'scripts/**', 'tests/**', '**/*.config.{js,ts,mjs}', '**/build.mjs'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/**/*.test.ts', 'functions/src/lib/gemini/gemini-client.ts'],
    rules: apiLayers(...firestoreOnlyInRepositories),
  },
  {
    files: [
      'functions/src/**/*-repository.ts',
      'functions/src/lib/firestore/**/*.ts',
      'functions/src/lib/firebase-admin.ts',
    ],
    ignores: ['functions/src/**/*.test.ts'],
    rules: apiLayers(),
  },
  {
    files: ['functions/src/**/*-routes.ts'],
    rules: apiLayers(...firestoreOnlyInRepositories, {
      group: ['./*-repository', '../*/*-repository'],
      message: 'Routes call one service function; only services use repositories.',
    }),
  },
  {
    files: ['functions/src/**/*-service.ts'],
    rules: apiLayers(...firestoreOnlyInRepositories, {
      group: ['express', '**/middleware/*'],
      message: 'Services know nothing of HTTP: they take plain arguments and throw HttpError.',
    }),
  },
  {
    // Scripts served to the browser under test (stand-ins for third-party scripts).
    files: ['tests/e2e/support/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  prettier,
);
