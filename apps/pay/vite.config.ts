import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localPorts } from '@gp/config';
import { playerSsrVite, playerVite } from '@gp/ui/vite';

export default defineConfig(({ mode, isSsrBuild }) => {
  const envDir = fileURLToPath(new URL('.', import.meta.url));
  if (isSsrBuild) {
    const server = playerSsrVite({ mode, envDir });
    return {
      plugins: [react(), ...server.plugins],
      define: server.define,
      build: server.build,
      ssr: server.ssr,
    };
  }
  const player = playerVite({
    mode,
    envDir,
    namespaces: ['pay'],
    // The landing pages: their screens download with the entry.
    screens: {
      '/paygame': 'src/routes/paygame.tsx',
      '/pay_h5': 'src/routes/pay-h5-home.tsx',
      '/pays_h5': 'src/routes/pay-h5-home.tsx',
    },
  });
  return {
    plugins: [react(), ...player.plugins],
    define: player.define,
    server: { port: localPorts.pay, strictPort: true },
    preview: { port: localPorts.pay, strictPort: true },
    build: player.build,
    test: { environment: 'jsdom', testTimeout: 20_000, include: ['src/**/*.test.{ts,tsx}'] },
  };
});
