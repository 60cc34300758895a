import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app lives in web/; the Hono server serves dist/web in production and the API in development (D5).
const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // .vite/manifest.json: the server reads which chunks a signed-in page needs (N177); never served.
    // The SSR build (`--ssr src/entry-server.tsx --outDir ../dist/ssr`, N220) needs neither it nor public/.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: false },
      '/media': { target: apiTarget },
      '/dev': { target: apiTarget },
    },
  },
}));
