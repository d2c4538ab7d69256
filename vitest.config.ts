import { defineConfig } from 'vitest/config';

/** Every Vitest suite of the repo; `--project` picks one (see package.json scripts). */
export default defineConfig({
  test: {
    projects: [
      'contracts/vitest.config.ts',
      'markdown/vitest.config.ts',
      'functions/vitest.config.ts',
      'web/vitest.config.ts',
      {
        test: {
          name: 'tooling',
          include: ['tests/tooling/**/*.test.ts'],
          environment: 'node',
          // Two files build functions/dist; one at a time, so neither reads a half-written bundle.
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'rules',
          include: ['tests/rules/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
