import { spawnSync } from 'node:child_process';
import type { Plugin } from 'vite';

/**
 * Pre-renders the app routes' frames (src/app/frames/prerenderFrames.ts) and the landing page
 * (src/features/landing/prerender.ts) as the build closes, before the service worker is generated, so the
 * worker precaches the final index.html and app.html with their real hashes.
 */
export const prerenderPages = (mode: string): Plugin => {
  // The folder this build really writes to (a caller may override build.outDir, as the bundle tests do).
  let builtDir = '';
  return {
    name: 'essay-studio:prerender-pages',
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
