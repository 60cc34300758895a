import { defineConfig } from 'vitest/config';

// One `vitest run` covers every layer: core unit tests, API integration tests on in-memory
// SQLite, web component tests (jsdom + msw) and the browser journeys (Playwright + Chromium).
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // Two files at a time (vitest's default on two cores is one: cores - 1). Each test file waits
    // on its own database, child processes and browser pages, so a second worker keeps both cores
    // busy; the browser journeys stay one at a time (fileParallelism below).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'core',
          globals: true,
          environment: 'node',
          include: ['core/**/*.test.ts', 'fixtures/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          globals: true,
          environment: 'node',
          include: [
            'tests/api/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'adapters/**/*.test.ts',
            'cli/**/*.test.ts',
          ],
          // A hang detector, not a speed check: a PostgreSQL (PGlite) test with several sign-ups took
          // 20–24 s on the loaded two-core machine, with one worker (main) as with two (N213).
          testTimeout: 60_000,
        },
      },
      './web/vitest.config.ts',
      {
        test: {
          name: 'quality',
          globals: true,
          environment: 'node',
          include: ['tests/quality/**/*.test.ts'],
          // After the unit, API and web projects: it is the heaviest, and they share two cores.
          sequence: { groupOrder: 1 },
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          globals: true,
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // The server every file starts, compiled once from the current sources.
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          maxWorkers: 1,
          // Browser journeys run after the other projects, so timing-sensitive UI waits do not
          // compete with the unit and API suites for the two cores.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
