import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read environment variables only in the package env.ts module.',
};

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
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'contracts/tsconfig.json',
            'functions/tsconfig.json',
            'web/tsconfig.json',
            'tests/tsconfig.json',
          ],
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'no-restricted-syntax': ['error', noProcessEnv],
    },
  },
  {
    files: ['**/env.ts', 'scripts/**', 'tests/**', '**/*.config.{js,ts,mjs}', '**/build.mjs'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            // Imports flow one way: shared code -> features -> app.
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'Features must not import from app/.',
            },
            {
              target: [
                './web/src/components',
                './web/src/lib',
                './web/src/config',
                './web/src/theme',
              ],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared modules must not import features or app.',
            },
            ...['auth', 'home', 'legal', 'courses', 'profile', 'testimonials', 'admin'].map(
              (feature) => ({
                target: `./web/src/features/${feature}`,
                from: './web/src/features',
                except: [`./${feature}`],
                message: 'Features never import each other.',
              }),
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['functions/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './functions/src/modules',
              from: './functions/src/app.ts',
              message: 'Modules are wired by app.ts, never the reverse.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
