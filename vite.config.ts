import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server listens on PORT (default 8080); in development Vite proxies to it.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // The prerender step (src/features/landing/prerender.ts) finds the landing page's CSS and chunks here.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/checkout': apiTarget,
    },
  },
});
