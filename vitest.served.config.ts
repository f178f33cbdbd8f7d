import { defineConfig } from 'vitest/config';

// Tests against the served site (scripts/serve.mjs on the production build, started by each test
// file on its own copy, tests/served/served-site.ts). npm test runs them after the build and
// `scripts/prepare-test-site.mjs`, before the browser tests.
export default defineConfig({
  test: {
    include: ['tests/served/**/*.test.ts'],
    environment: 'node',
    // Three files at once: each serves its own copy on its own port and spends most of its time
    // waiting (for the scheduler's test clock, the provider fake, a restart), not computing, so
    // three share two cores without slowing each other much. No assertion depends on a timing.
    fileParallelism: true,
    maxWorkers: 3,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
