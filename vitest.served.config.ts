import { defineConfig } from 'vitest/config';

// Tests against the served site (scripts/serve.mjs on the production build, started by each test
// file on its own copy, tests/served/served-site.ts). npm test runs them after the build and
// `scripts/prepare-test-site.mjs`, before the browser tests.
export default defineConfig({
  test: {
    include: ['tests/served/**/*.test.ts'],
    environment: 'node',
    // One served site (and, for the gate, one browser) at a time: they share two cores with each other.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
