import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/testing/setup-tests.ts'],
    // Room for a busy two-core machine running the API tests beside these (scripts/test-all.mjs).
    testTimeout: 20_000,
  },
});
