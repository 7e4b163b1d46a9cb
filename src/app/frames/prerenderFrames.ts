// Build step run inside `vite build` (src/build/prerenderPages.ts), under tsx (plain Node), before the landing page's
// pre-render (which replaces the template's marker in index.html): writes each app route's frame,
// dist/client/<route>.html, for the server to send at that route.
// The frame is the app rendered at the route with an empty store (renderFrames.tsx), which the browser hydrates,
// with the page's stylesheets inline and its chunks modulepreloaded (frameMarkup.ts). The pages import CSS and read
// import.meta.env, so they are bundled for Node by Vite first (same mode, so the same environment), into a
// folder inside the project where Node finds the dependencies.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Manifest, build } from 'vite';
import { appEntries, staticClosure } from '../../build/builtChunks.ts';
import { ONLINE_PATHS_FILE } from '../../build/onlinePaths.ts';
import { frameFileName, framePage } from './frameMarkup.ts';
import type { FrameRoute } from './frameRoutes.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const outDir = resolve(root, process.argv[2] ?? 'dist/client');
const mode = process.env.VITE_MODE ?? 'production';

const template = readFileSync(resolve(outDir, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(resolve(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

const ssrDir = resolve(root, 'node_modules/.cache/essay-studio-frames');
await build({
  configFile: false,
  root,
  mode,
  logLevel: 'warn',
  plugins: [react()],
  build: { ssr: 'src/app/frames/renderFrames.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false },
});
const frames = await import(pathToFileURL(resolve(ssrDir, 'renderFrames.js')).href) as {
  renderFrame: (path: string) => Promise<string>;
  FRAME_ROUTES: readonly FrameRoute[];
  ONLINE_PATHS: readonly string[];
};
writeFileSync(resolve(outDir, ONLINE_PATHS_FILE), JSON.stringify(frames.ONLINE_PATHS));
const written: string[] = [];
for (const route of frames.FRAME_ROUTES) {
  const chunks = [...appEntries(manifest), route.module].flatMap((key) => staticClosure(manifest, key));
  const cssFiles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  const head = {
    styles: cssFiles.map((file) => readFileSync(resolve(outDir, file), 'utf8')).join('\n'),
    stylesheetHrefs: cssFiles.map((file) => `/${file}`),
    modulePreloads: [...new Set(chunks.map((chunk) => `/${chunk.file}`))],
  };
  const file = frameFileName(route.path);
  writeFileSync(resolve(outDir, file), framePage(template, await frames.renderFrame(route.path), head));
  written.push(file);
}
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerender: wrote ${written.length} route frames (${written.join(', ')})`);
