import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../databases.ts';
import { buildTestApp } from '../helper.ts';
import { tempDir } from '../tempDir.ts';
import { useTestApp } from '../useTestApp.ts';
import { testRoute } from '../limits/testRouteBudget.ts';

const INLINE_SCRIPT = 'window.__theme = "light";';
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** A miniature of `vite build` + the landing pre-render: two pages, hashed assets, a service worker. */
function staticFixture(options: { appShell?: boolean; frames?: boolean } = {}, dir = tempDir('essay-static-')): string {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><script>${INLINE_SCRIPT}</script>
    <script type="module" src="/assets/landing-abc123.js"></script></head><body><h1>Landing</h1></body></html>`);
  if (options.appShell !== false) {
    writeFileSync(join(dir, 'app.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  }
  if (options.frames) {
    // Routes' pre-rendered frames, named after their route (src/app/frames/frameMarkup.ts).
    writeFileSync(join(dir, 'topics.html'), '<!doctype html><html><body><div id="root" data-frame=""><h1>Choose Your Essay Topic</h1></div></body></html>');
    writeFileSync(join(dir, 'thank-you.html'), '<!doctype html><html><body><div id="root" data-frame=""><h1>Finalizing</h1></div></body></html>');
  }
  // The reader's page, an entry the build writes at its path in the sources.
  mkdirSync(join(dir, 'src/features/reader'), { recursive: true });
  writeFileSync(join(dir, 'src/features/reader/read.html'), '<!doctype html><html><body><div id="reader"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'landing-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  // What `vite build` leaves beside the app: source maps and its manifest, with the build machine's paths.
  writeFileSync(join(dir, 'assets', 'landing-abc123.js.map'), '{"sources":["/home/builder/src/main.tsx"]}');
  writeFileSync(join(dir, 'sw.js.map'), '{"sources":["/home/builder/sw.js"]}');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/main.js"}}');
  return dir;
}

describe.each(testDatabases)('serving the web app on $name', (target) => {
  const page = (url: string) => ({ method: 'GET' as const, url, headers: { accept: 'text/html,application/xhtml+xml' } });
  // The app reads its build's files when it starts: the tests on the default fixture share one app built on it
  // (its folder made in beforeAll, before the app's), those without a build share another, with the probe route.
  const fixtureEnv: Record<string, string> = {};
  beforeAll(() => {
    fixtureEnv.STATIC_DIR = staticFixture({}, mkdtempSync(join(tmpdir(), 'essay-static-')));
  });
  afterAll(() => {
    if (fixtureEnv.STATIC_DIR) rmSync(fixtureEnv.STATIC_DIR, { recursive: true, force: true });
  });
  const withFixture = useTestApp(target, { env: fixtureEnv });
  const withoutBuild = useTestApp(target, {
    extend: (app) => {
      app.get('/api/test/stream', testRoute, async (_request, reply) =>
        reply.header('content-type', 'text/event-stream').send(`data: ${'word '.repeat(2000)}\n\n`));
    },
  });

  it('serves the pre-rendered landing page at / without caching it', async () => {
    const { app } = withFixture();
    const response = await app.inject(page('/'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<h1>Landing</h1>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the app shell for every client route', async () => {
    const { app } = withFixture();
    for (const url of ['/form', '/result', '/thank-you?session_id=cs_test_1', '/no/such/page']) {
      const response = await app.inject(page(url));
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves a route its own pre-rendered frame, and the app shell to routes without one', async () => {
    const { app } = await buildTestApp(target, { env: { STATIC_DIR: staticFixture({ frames: true }) } });
    const bodyOf = async (url: string) => {
      const response = await app.inject(page(url));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      return response.body;
    };
    for (const url of ['/topics', '/Topics/', '/topics?from=menu']) {
      expect(await bodyOf(url)).toContain('Choose Your Essay Topic');
    }
    // Another spelling of the path is sent to the canonical one (plugins/pathGate.ts).
    const doubled = await app.inject(page('//topics?from=menu'));
    expect([doubled.statusCode, doubled.headers.location]).toEqual([308, '/topics?from=menu']);
    expect(await bodyOf('/thank-you?session_id=cs_test_1')).toContain('Finalizing');
    // The landing page and the app shell are no route's frame.
    for (const url of ['/form', '/topics/extra', '/no/such/page', '/index', '/app']) {
      expect(await bodyOf(url)).toBe('<!doctype html><html><body><div id="root"></div></body></html>');
    }
  });

  it('serves the reader\'s page at /read with no Referer, no indexing and nothing kept, never framed', async () => {
    const { app } = withFixture();
    // A link's query (never its fragment, which browsers keep) or a direct ask for the file: the same page and headers.
    for (const url of ['/read', '/read?from=mail', '/src/features/reader/read.html']) {
      const response = await app.inject(page(url));
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="reader">');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    // The reader's page is no route's frame: a path under it is the app shell's.
    expect((await app.inject(page('/read/more'))).body).toContain('<div id="root">');
  });

  it('never serves source maps or the build manifest, however they are asked for', async () => {
    const { app } = withFixture();
    const urls = ['/assets/landing-abc123.js.map', '/sw.js.map', '/.vite/manifest.json', '/%2evite/manifest.json',
      '/assets/landing-abc123.js%2emap', '/assets/../sw.js.map'];
    for (const url of urls) {
      for (const request of [{ method: 'GET' as const, url }, page(url)]) {
        // Another spelling is sent to the canonical path first, and that is refused in turn.
        const first = await app.inject(request);
        const response = first.statusCode === 308 ? await app.inject({ ...request, url: String(first.headers.location) }) : first;
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('builder');
        expect(response.body, url).not.toContain('<div id="root">');
      }
    }
  });

  it('falls back to index.html when the build has no app.html', async () => {
    const { app } = await buildTestApp(target, { env: { STATIC_DIR: staticFixture({ appShell: false }) } });
    expect((await app.inject(page('/form'))).body).toContain('<h1>Landing</h1>');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const { app } = withFixture();
    const asset = await app.inject({ method: 'GET', url: '/assets/landing-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/robots.txt' })).headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject({ method: 'GET', url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
  });

  it('compresses what is worth compressing', async () => {
    const { app } = withFixture();
    const gzip = await app.inject({ method: 'GET', url: '/assets/landing-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const br = await app.inject({ method: 'GET', url: '/assets/landing-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('never compresses an event stream (the essay streams through it)', async () => {
    const { app } = withoutBuild();
    const response = await app.inject({ method: 'GET', url: '/api/test/stream', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('keeps unknown /api paths, missing files and non-page requests as JSON 404s', async () => {
    const { app } = withFixture();
    for (const request of [page('/api/nothing'), { method: 'GET' as const, url: '/assets/missing.js' }, page('/api')]) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('allows the built pages\' inline scripts by hash in a strict CSP', async () => {
    const { app } = withFixture();
    const csp = String((await app.inject(page('/'))).headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`script-src 'self' 'sha256-${sha256(INLINE_SCRIPT)}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('still answers the API when there is no build', async () => {
    const { app } = withoutBuild();
    expect((await app.inject(page('/'))).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/whoami' })).statusCode).toBe(200);
  });
});
