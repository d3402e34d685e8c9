import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localPorts } from '@gp/config';

export default defineConfig({
  plugins: [react()],
  server: { port: localPorts.csAdmin, strictPort: true },
  preview: { port: localPorts.csAdmin, strictPort: true },
  build: { target: 'es2022', sourcemap: true },
  test: {
    environment: 'jsdom',
    // antd screens render slowly in jsdom on a loaded two-core CI machine; the tests assert behaviour, not speed.
    testTimeout: 60_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
