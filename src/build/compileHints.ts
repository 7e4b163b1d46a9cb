import type { Plugin } from 'vite';

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
export const compileHints = (): Plugin => ({
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
