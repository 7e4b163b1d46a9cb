import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { treeShakeReactRouter } from './src/build/treeShakeReactRouter.ts';

// The API server listens on PORT (default 8080); in development Vite proxies to it.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const outDir = 'dist/client';

/**
 * Pre-renders the app routes' frames (src/app/frames/prerenderFrames.ts) and the landing page
 * (src/features/landing/prerender.ts) as the build closes, before the service worker is generated, so the
 * worker precaches the final index.html and app.html with their real hashes.
 */
const prerenderLanding = (mode: string): Plugin => {
  // The folder this build really writes to (a caller may override build.outDir, as the bundle tests do).
  let builtDir = outDir;
  return {
    name: 'essay-studio:prerender-landing',
    apply: 'build',
    configResolved(config) {
      builtDir = config.build.outDir;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler() {
        // The routes' frames first: they are written from the built template, which the landing's pre-render
        // then fills with the landing page.
        for (const script of ['src/app/frames/prerenderFrames.ts', 'src/features/landing/prerender.ts']) {
          const result = spawnSync(process.execPath, ['--import', 'tsx', script, builtDir], {
            stdio: 'inherit',
            env: { ...process.env, VITE_MODE: mode },
          });
          if (result.status !== 0) throw new Error(`Pre-rendering failed (${script})`);
        }
      },
    },
  };
};

/**
 * Builds of packages a production bundle takes instead of the ones their package exports name. React Router
 * publishes a production build beside its development one, but its exports only name the development build
 * (with its warnings and checks) for every condition, so a bundler never picks the other one by itself: both
 * entry points get the production build, so the two share one copy of the router.
 */
const productionBuilds = [
  { find: /^react-router$/, replacement: 'react-router/dist/production/index.mjs' },
  { find: /^react-router\/dom$/, replacement: 'react-router/dist/production/dom-export.mjs' },
  // localforage's build without its bundled Promise polyfill (lie): every browser the app supports has Promise.
  { find: /^localforage$/, replacement: 'localforage/dist/localforage.nopromises.js' },
].map(({ find, replacement }) => ({ find, replacement: fileURLToPath(new URL(`node_modules/${replacement}`, import.meta.url)) }));

/**
 * V8's explicit compile hint: a chunk whose very first line is this comment has every function compiled as it
 * streams in, on a background thread, instead of each one on the main thread the first time it is called. The
 * app's start calls most of what React, the shell and a page hold, so a cold start spends that compiling in
 * long tasks otherwise. Not for chunks most of which waits for a rare click (the Word export, the operator's
 * dashboard) nor for the landing page, whose script is already small and lazily wired.
 *
 * Written as the bundle is generated, after minification (which drops comments) and after Vite has put its
 * preload helper at the top of the chunks that load others lazily (a hint below that line is not read). The
 * chunk's source map moves down by the line added.
 */
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const compiledLazily = /^(?:essayDocx|AdminPage|LandingPage|landing)/;
const compileHints = (): Plugin => ({
  name: 'essay-studio:compile-hints',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || compiledLazily.test(output.name) || output.code.startsWith(EAGER_COMPILE_HINT)) continue;
        output.code = `${EAGER_COMPILE_HINT}\n${output.code}`;
        const map = bundle[`${output.fileName}.map`];
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const parsed = JSON.parse(map.source) as { mappings: string };
          map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
        }
      }
    },
  },
});

/**
 * One chunk for the app shell: every module the app's start (src/app/startApp.tsx) imports statically, except
 * what the landing page may load (its entry and the popup it loads on demand). Left to itself the bundler
 * cuts the shell into some twenty small chunks by which pages share them, and a phone on HTTP/1.1 fetches
 * them six at a time, a round trip each.
 */
function appShellChunk(moduleId: string, context: Rolldown.ChunkingContext): string | null {
  let modules = appShellModules.get(context);
  if (!modules) {
    modules = shellModules(context);
    appShellModules.set(context, modules);
  }
  return modules.has(moduleId) ? 'app-shell' : null;
}
/** Worked out once per chunking pass (the bundler hands every call of one pass the same context). */
const appShellModules = new WeakMap<Rolldown.ChunkingContext, Set<string>>();

function shellModules(context: Rolldown.ChunkingContext): Set<string> {
  const idOf = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const walk = (start: string, follow: (info: Rolldown.ModuleInfo) => readonly string[], stopAt: string | null) => {
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (seen.has(id) || id === stopAt) continue;
      seen.add(id);
      const info = context.getModuleInfo(id);
      if (info) queue.push(...follow(info));
    }
    return seen;
  };
  const loadApp = idOf('src/app/loadApp.ts');
  const landing = walk(idOf('src/main.tsx'), (info) => [...info.importedIds, ...info.dynamicallyImportedIds], loadApp);
  const shell = walk(idOf('src/app/startApp.tsx'), (info) => info.importedIds, null);
  return new Set([...shell].filter((id) => !landing.has(id)));
}

export default defineConfig(({ command, mode }) => ({
  resolve: {
    alias: command === 'build' && mode !== 'development' ? productionBuilds : [],
  },
  plugins: [
    react(),
    treeShakeReactRouter(),
    compileHints(),
    prerenderLanding(mode),
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
      integration: { closeBundleOrder: 'post' },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
        // The Word-export chunk (the `docx` library, about as large as the rest of the app) is fetched only when a
        // student asks for a .docx, so installing the app never downloads it.
        // The routes' pre-rendered frames (<route>.html) are precached: Workbox answers /topics with topics.html,
        // so a returning student's page paints from the worker the way it does from the network, with the
        // picture of the page as they left it (src/app/frames/pagePicture.ts).
        // A frame's variants (<route>.<variant>.html) are the server's answer to one student, sent only at its route.
        globIgnores: ['**/*.map', '.vite/**', 'sw.js', 'workbox-*.js', '**/essayDocx-*.js', '*.*.html'],
        // Every other client route gets the shell; the landing page (/) is its own precached index.html. The
        // thank-you page goes to the network: the server answers it with what it knows of the payment (and
        // the page cannot verify one offline anyway).
        navigateFallback: '/app.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/checkout(\/|$)/, /^\/thank-you(\/|$|\?)/],
        cleanupOutdatedCaches: true,
        // A new version waits until the student accepts the reload offered by the app.
        skipWaiting: false,
        clientsClaim: false,
      },
    }),
  ],
  build: {
    // Only the modules named go to the shell: their dependencies outside it (shared with the landing page) stay
    // in chunks of their own, so the landing page never loads the shell.
    rolldownOptions: {
      output: {
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: appShellChunk }] },
      },
    },
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
