import { defineConfig } from 'vitest/config';

// Size budgets on the build output in dist/ (tests/budgets). A separate config so that
// `vitest run` (unit and API tests) never reads a missing or stale build; `npm test` runs this
// after `astro build`.
export default defineConfig({
  test: {
    name: 'budgets',
    include: ['tests/budgets/**/*.test.ts'],
    environment: 'node',
  },
});
