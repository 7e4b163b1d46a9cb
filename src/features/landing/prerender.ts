// Build step run by `npm run build` after `vite build`, under tsx (plain Node):
//   dist/client/index.html ← the landing page pre-rendered into #root, its stylesheet inline (prerenderPages.ts);
//   dist/client/app.html   ← the shell the server sends for any other client route, its #root holding the
//                            app's loading screen so the first paint does not wait for JavaScript;
// (Each app route's own frame, app-<route>.html, is written just before by src/app/frames/prerenderFrames.ts.)
// Why plain Node can render the components: none of them imports CSS (index.ts and hydrateLanding.tsx do, for
// the browser only), and the one thing Vite would have replaced, import.meta.env, is passed in as a prop read
// with Vite's own loadEnv, so the markup matches what the browser bundle hydrates. No SSR build is needed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { type Manifest, loadEnv } from 'vite';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { LandingPage } from './LandingPage.tsx';
import { landingConfigFrom } from './landingConfig.ts';
import { appShellAssets, buildPages, landingAssets } from './prerenderPages.ts';

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
