import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { environment: 'jsdom', testTimeout: 20_000, setupFiles: ['./src/test-setup.ts'] },
});
