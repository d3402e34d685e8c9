import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'build/**/*.test.ts'],
    // The tests run the API as development's sibling `test` (their environments say so too): never production.
    env: { NODE_ENV: 'test' },
    // One migrated, seeded template database is built once; every test file starts from a copy of it.
    globalSetup: ['./test/global-setup.ts'],
    // PGlite holds a whole Postgres in memory per file: two files at a time fit the 2-core machines.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
