import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// A project of the root vitest.config.ts. Its root is the repository root, so the paths below
// read the same whether vitest runs from the root or with --project web.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'jsdom',
    globals: true,
    include: ['web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['web/src/test/setup.ts'],
    // jsdom with user-event is slow on a busy two-core machine; 5 s flaked under load.
    testTimeout: 20_000,
  },
});
