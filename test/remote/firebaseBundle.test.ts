// The default production build ships no Firebase SDK at all (nothing heavy until used), and a
// build with VITE_FIREBASE_* set keeps the SDK in its own chunk, reached only by the dynamic import.
// The default build is the one every check of built output shares (productionBuild.ts); the Firebase one is
// made here, the only test that needs it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, ensureProductionBuild } from '../build/productionBuild.ts';

// The repository (Vitest runs from it; in the client project's page import.meta.url is not a file: URL).
const root = process.cwd();
/** Strings only the SDK contains (the word "firebase" alone would match this worktree's own path). */
const SDK_MARKERS = ['@firebase/', 'identitytoolkit.googleapis.com', 'firestore.googleapis.com', 'FirebaseError'];
const FIREBASE_ENV = { VITE_FIREBASE_API_KEY: 'test-web-key', VITE_FIREBASE_PROJECT_ID: 'demo-test' };
/** Only React's production build links its errors to react.dev/errors/ (the development build writes them out). */
const isProductionReact = (files: Map<string, string>): boolean => [...files.values()].some((code) => code.includes('react.dev/errors/'));

const outDirs: string[] = [];
afterAll(() => outDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

interface BuiltClient { files: Map<string, string>; manifest: Manifest }

function readClient(outDir: string): BuiltClient {
  const assets = join(outDir, 'assets');
  const files = new Map(readdirSync(assets).filter((name) => name.endsWith('.js'))
    .map((name) => [`assets/${name}`, readFileSync(join(assets, name), 'utf8')]));
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return { files, manifest };
}

async function buildClient(env: Record<string, string>): Promise<BuiltClient> {
  const outDir = mkdtempSync(join(tmpdir(), 'essay-bundle-'));
  outDirs.push(outDir);
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    await build({
      root, configFile: join(root, 'vite.config.ts'), logLevel: 'silent', mode: 'production',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  return readClient(outDir);
}

const withSdk = (files: Map<string, string>): string[] =>
  [...files].filter(([, code]) => SDK_MARKERS.some((marker) => code.includes(marker))).map(([name]) => name);

/** Every chunk the entry loads without a dynamic import. */
function staticClosure(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest).filter(([, chunk]) => chunk.isEntry).forEach(([key]) => visit(key));
  return seen;
}

describe('the client bundle and the Firebase SDK', () => {
  it('leaves the SDK out of the default build entirely', async () => {
    const { files, manifest } = readClient(await ensureProductionBuild());
    expect(files.size).toBeGreaterThan(5);
    expect(isProductionReact(files)).toBe(true);
    expect(withSdk(files)).toEqual([]);
    expect(Object.keys(manifest).filter((key) => key.includes('src/remote/firebase.ts'))).toEqual([]);
  }, BUILD_TIMEOUT_MS);

  it('keeps it in a chunk of its own, loaded only by a dynamic import, when VITE_FIREBASE_* are set', async () => {
    const { files, manifest } = await buildClient(FIREBASE_ENV);
    const sdkChunks = withSdk(files);
    expect(sdkChunks).toHaveLength(1);
    expect(manifest['src/remote/firebase.ts']?.file).toBe(sdkChunks[0]);
    expect(staticClosure(manifest).has(sdkChunks[0]!)).toBe(false);
  }, BUILD_TIMEOUT_MS);
});
