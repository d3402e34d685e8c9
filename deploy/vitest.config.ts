import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One smoke test starts PostgreSQL, three Node processes and nginx: the start is measured in seconds on a
    // loaded two-core CI machine, not milliseconds.
    hookTimeout: 120_000,
    testTimeout: 60_000,
  },
});
