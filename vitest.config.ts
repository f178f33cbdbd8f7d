import { defineConfig } from 'vitest/config';

// Unit tests (pure src/lib) and API tests (function handlers against a real local Blobs server
// and a loopback SendGrid fake). Browser tests are Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    // Three files at once on two cores: many API files wait on their Blobs server, a fake provider or
    // a build, and with two the cores sat 40 % idle while npm test ran them (docs/testing.md).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Some cases compute a lot (2,000 shared links, every generated buyer): 2 s on a quiet
          // machine, more while npm test runs the served tests beside them. A limit, not a timing.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/api/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Real `astro build` runs with fixture content (one build at a time: they share the project's caches).
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
