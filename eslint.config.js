import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read environment variables only in the package env.ts module.',
};

const MESSAGE = '/^(message|serverMessage)$/';
const TEXT_TESTS =
  '/^(includes|startsWith|endsWith|match|matchAll|test|search|indexOf|localeCompare)$/';
const byCode = 'Tell errors apart by their code (or status), never by their message text.';
/** Comparisons of an error's message: `e.message === x`, `e.message.includes(x)`, `re.test(e.message)`. */
const noMessageComparison = [
  `BinaryExpression[operator=/^[!=]==?$/][left.property.name=${MESSAGE}]`,
  `BinaryExpression[operator=/^[!=]==?$/][right.property.name=${MESSAGE}]`,
  `BinaryExpression[operator=/^[!=]==?$/][left.expression.property.name=${MESSAGE}]`,
  `BinaryExpression[operator=/^[!=]==?$/][right.expression.property.name=${MESSAGE}]`,
  `SwitchStatement[discriminant.property.name=${MESSAGE}]`,
  `CallExpression[callee.property.name=${TEXT_TESTS}][callee.object.property.name=${MESSAGE}]`,
  `CallExpression[callee.property.name=${TEXT_TESTS}] > MemberExpression.arguments[property.name=${MESSAGE}]`,
].map((selector) => ({ selector, message: byCode }));

/** The app's own code, where errors are told apart by code; tests may compare messages. */
const appSources = ['functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'];
const appTestsAndEnv = ['**/*.test.{ts,tsx}', '**/testing/**', '**/env.ts'];

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
    files: appSources,
    ignores: appTestsAndEnv,
    rules: { 'no-restricted-syntax': ['error', noProcessEnv, ...noMessageComparison] },
  },
  {
    files: ['functions/src/**/env.ts', 'web/src/**/env.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noMessageComparison] },
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
