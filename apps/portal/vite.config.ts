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
    namespaces: ['portal'],
    // The landing pages: their screens download with the entry.
    screens: {
      '/': 'src/routes/home.tsx',
      '/h5': 'src/routes/home.tsx',
      '/news': 'src/routes/article-list.tsx',
      '/news/h5': 'src/routes/article-list.tsx',
    },
  });
  return {
    plugins: [react(), ...player.plugins],
    define: player.define,
    server: { port: localPorts.portal, strictPort: true },
    preview: { port: localPorts.portal, strictPort: true },
    build: player.build,
    test: { environment: 'jsdom', testTimeout: 20_000, include: ['src/**/*.test.{ts,tsx}'] },
  };
});
