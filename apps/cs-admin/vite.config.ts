import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localPorts } from '@gp/config';
import { hostsFromAppEnv } from '@gp/config/app-env';
import { contentSecurityPolicy, zodWithoutEval } from '@gp/ui/csp';

export default defineConfig(({ mode }) => {
  const api = hostsFromAppEnv(loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_')).api;
  return {
    plugins: [
      react(),
      // antd writes its styles into <style> elements at run time.
      contentSecurityPolicy({ apiOrigins: Object.values(api).flat(), inlineStyles: true }),
      zodWithoutEval(),
    ],
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
  };
});
