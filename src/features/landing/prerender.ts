// Build step run by `npm run build` after `vite build`, under tsx (plain Node):
//   dist/client/index.html ← the landing page pre-rendered into #root, its stylesheet inline (prerenderPages.ts);
//   dist/client/app.html   ← the shell the server sends for any other client route, its #root holding the
//                            app's loading screen so the first paint does not wait for JavaScript;
//   dist/client/app-<route>.html ← each app route's frame: the page itself, rendered with an empty store by a
//                            small server-side bundle of the app (src/app/frames/renderFrames.tsx), made inert,
//                            its stylesheets inline (src/app/frames/frameMarkup.ts). The server sends it for
//                            its route, so the page's own text is the first paint.
// Why plain Node can render the components: none of them imports CSS (index.ts and hydrateLanding.tsx do, for
// the browser only), and the one thing Vite would have replaced, import.meta.env, is passed in as a prop read
// with Vite's own loadEnv, so the markup matches what the browser bundle hydrates. No SSR build is needed.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import react from '@vitejs/plugin-react';
import { type Manifest, build, loadEnv } from 'vite';
import { frameFileName, framePage, inertMarkup } from '../../app/frames/frameMarkup.ts';
import type { FrameRoute } from '../../app/frames/renderFrames.tsx';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { LandingPage } from './LandingPage.tsx';
import { landingConfigFrom } from './landingConfig.ts';
import { APP_SHELL_ENTRIES, appShellAssets, buildPages, landingAssets, staticClosure } from './prerenderPages.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// The output directory defaults to Vite's (build.outDir); another can be passed for a build made elsewhere.
const outDir = resolve(root, process.argv[2] ?? 'dist/client');
// `vite build` runs in production mode unless told otherwise; VITE_MODE lets a custom --mode build match.
const mode = process.env.VITE_MODE ?? 'production';

const template = readFileSync(resolve(outDir, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(resolve(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const config = landingConfigFrom(loadEnv(mode, root, 'VITE_'));
const markup = renderToString(createElement(LandingPage, { config }));

const { cssFile, modulePreloads } = landingAssets(manifest);
const faviconPath = resolve(outDir, 'favicon.svg');
const { index, app } = buildPages(template, markup, {
  styles: readFileSync(resolve(outDir, cssFile), 'utf8'),
  modulePreloads,
  faviconSvg: existsSync(faviconPath) ? readFileSync(faviconPath, 'utf8') : undefined,
}, appShellAssets(manifest), renderToString(createElement(LoadingScreen)));
writeFileSync(resolve(outDir, 'index.html'), index);
writeFileSync(resolve(outDir, 'app.html'), app);
console.log(`prerender: wrote ${resolve(outDir, 'index.html')} (${Math.round(index.length / 1024)} KB) and app.html`);

// The frames. The app's pages import CSS and read import.meta.env, so they are bundled for Node by Vite
// (same mode, so the same environment) into a folder inside the project, where Node finds the dependencies.
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
  FRAME_ROUTES: readonly FrameRoute[];
  renderFrame: (path: string) => string;
};
const [appEntry] = APP_SHELL_ENTRIES;
for (const route of frames.FRAME_ROUTES) {
  if (!appEntry || !manifest[route.module]) throw new Error(`Vite's manifest has no chunk "${route.module}"`);
  const chunks = [...staticClosure(manifest, appEntry), ...staticClosure(manifest, route.module)];
  const cssFiles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  const page = framePage(template, inertMarkup(frames.renderFrame(route.renderedAt)), {
    styles: cssFiles.map((file) => readFileSync(resolve(outDir, file), 'utf8')).join('\n'),
    stylesheetHrefs: cssFiles.map((file) => `/${file}`),
    modulePreloads: [...new Set(chunks.map((chunk) => `/${chunk.file}`))],
  });
  writeFileSync(resolve(outDir, frameFileName(route.path)), page);
}
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerender: wrote ${frames.FRAME_ROUTES.length} route frames (${frames.FRAME_ROUTES.map((route) => frameFileName(route.path)).join(', ')})`);
