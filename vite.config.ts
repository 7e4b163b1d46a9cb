import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { afterLiveChunk } from './src/build/afterLiveChunk.ts';
import { appShellChunk } from './src/build/appShellChunk.ts';
import { compileHints } from './src/build/compileHints.ts';
import { onlineNavigations } from './src/build/onlinePaths.ts';
import { prerenderPages } from './src/build/prerenderPages.ts';

// The API server listens on PORT (default 8080); in development Vite proxies to it.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const outDir = 'dist/client';
/** The reader's page's HTML entry, beside its code; the build writes it at the same path under outDir. */
const READER_ENTRY = 'src/features/reader/read.html';

const packageFile = (path: string) => fileURLToPath(new URL(`node_modules/${path}`, import.meta.url));

/**
 * Builds the packages publish beside their default ones, for production:
 * - localforage's without its bundled Promise polyfill (lie): every browser the app supports has Promise, and it
 *   is 1.2 KB (gzip) less in every app page's first load;
 * - React Router's production build: its package exports only its development build (warnings and checks for
 *   the developer) to bundlers, with no `production` condition to choose the other.
 */
const productionBuilds = [
  { find: /^localforage$/, replacement: packageFile('localforage/dist/localforage.nopromises.js') },
  { find: /^react-router$/, replacement: packageFile('react-router/dist/production/index.mjs') },
];

/** In development, /read is the reader's page as the server sends it in production (its own entry), not the app. */
const readerPageInDevelopment: Plugin = {
  name: 'essay-studio:reader-page',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url !== undefined && /^\/read(?:\?|$)/.test(request.url)) request.url = request.url.replace(/^\/read/, `/${READER_ENTRY}`);
      next();
    });
  },
};

export default defineConfig(({ command, mode }) => ({
  resolve: {
    alias: command === 'build' && mode !== 'development' ? productionBuilds : [],
  },
  plugins: [
    react(),
    readerPageInDevelopment,
    compileHints(),
    prerenderPages(mode),
    // The installable PWA: a Workbox worker precaching the app shell, so a student who
    // opens the app with no connection still gets the questionnaire and their saved answers. Registered
    // by src/app/startApp.tsx, never by the landing page (its JavaScript budget), so nothing is injected
    // into index.html; public/manifest.webmanifest is the manifest.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      includeManifestIcons: false,
      integration: {
        closeBundleOrder: 'post',
        // Written by the frames' pre-render, which runs first (prerenderPages).
        beforeBuildServiceWorker: ({ outDir, workbox }) => {
          workbox.navigateFallbackDenylist = [...workbox.navigateFallbackDenylist ?? [], ...onlineNavigations(outDir)];
        },
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
        // The Word-export chunk (the `docx` library, about as large as the rest of the app) is fetched only when a
        // student asks for a .docx, so installing the app never downloads it.
        // The routes' pre-rendered frames (<route>.html) are precached: Workbox answers /topics with topics.html,
        // so a returning student's page paints from the worker the way it does from the network.
        globIgnores: [READER_ENTRY, '**/*.map', '.vite/**', 'sw.js', 'workbox-*.js', '**/essayDocx-*.js'],
        // Every other client route gets the shell; the landing page (/) is its own precached index.html. The
        // server's paths go to the network, and so do the stages' `online` routes (added below).
        navigateFallback: '/app.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/checkout(\/|$)/, /^\/read(\/|$|\?|#)/],
        cleanupOutdatedCaches: true,
        // A new version waits until the student accepts the reload offered by the app.
        skipWaiting: false,
        clientsClaim: false,
      },
    }),
  ],
  build: {
    // Only the modules named go to the shell (and to the after-live chunk): their dependencies outside it (shared
    // with the landing page) stay in chunks of their own, so the landing page never loads the shell.
    rolldownOptions: {
      // The reader's page (/read) is an entry of its own: none of the student's app, store or worker.
      input: { index: 'index.html', read: READER_ENTRY },
      output: {
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: appShellChunk }, { name: afterLiveChunk }] },
      },
    },
    // Vite's polyfill of <link rel="modulepreload"> would ride in the entry every page loads. Browsers without it
    // (Safari before 17, Firefox before 115) still run every page: they fetch each chunk when it is imported.
    modulePreload: { polyfill: false },
    outDir,
    emptyOutDir: true,
    // Maps are written for reading error reports but not referenced from the bundles (and the server never
    // serves them): they carry the original sources.
    sourcemap: 'hidden',
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
}));
