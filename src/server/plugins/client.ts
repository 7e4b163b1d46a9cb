// Serves the built SPA from STATIC_DIR: hashed files under /assets/ cached for a year, the pre-rendered landing
// page (index.html) at `/`, each app route's pre-rendered frame (<route>.html, e.g. topics.html for /topics and
// /Topics/) at its route, the reader's page (src/features/reader/read.html, where the build writes that entry) at
// /read with headers of its own, the app shell (app.html) for every other client route, and a JSON 404 for any
// unknown /api path. A frame is the same file for every visitor: it holds no student data. Without a STATIC_DIR
// (tests, API-only deployments) only the JSON 404 remains.
// The build's source maps and its manifest stay on disk (for reading error reports) but are never served:
// they carry the original sources and the build machine's paths. Every page and file has the pages' budget
// (static, no database: a cheap count per network); the files route is this plugin's own, so it declares it.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../http/apiPath.ts';
import { requestPath } from '../http/requestPath.ts';
import { PAGE_BUDGET } from '../limits/budgets.ts';

export interface ClientOptions {
  staticDir: string;
}

/**
 * A route's pre-rendered frame: topics.html is /topics. The landing page and the app shell are not frames (nor is
 * the reader's page, which is not at the top).
 */
const FRAME_FILE = /^(?!(?:index|app)\.html$)([a-z][a-z0-9-]*)\.html$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
/** Files whose names do not change between builds, so a stale copy would pin old code. */
const UNHASHED_ENTRY_FILES = new Set(['sw.js', 'registerSW.js', 'manifest.webmanifest']);

/**
 * The reader's page (/read), its own entry: opened from a link whose secret is in the fragment. The build writes an
 * HTML entry at its path in the sources (vite.config.ts).
 */
const READER_PAGE = 'src/features/reader/read.html';
/**
 * Its headers besides the app's CSP (which already forbids framing): no Referer from it, not indexed, not kept
 * by any cache (the server's answers to the reader say the same).
 */
const READER_PAGE_HEADERS = { 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow, noarchive' } as const;

export function cacheControlFor(relativePath: string): string {
  const path = relativePath.split(sep).join('/');
  if (path === READER_PAGE) return 'no-store';
  if (path.startsWith('assets/')) return IMMUTABLE;
  if (path.endsWith('.html') || UNHASHED_ENTRY_FILES.has(path)) return REVALIDATE;
  return SHORT;
}

/** Build by-products that are not part of the app: source maps and Vite's manifest. */
const isPrivateBuildFile = (path: string): boolean => path.endsWith('.map') || path.startsWith('/.vite/');

/**
 * Paths that get the JSON 404 rather than the app shell: the API and the private build files, in any case
 * (the app's routes are read without regard to case, and so are the files on some disks).
 */
const neverAPage = (path: string): boolean => isApiPath(path.toLowerCase()) || isPrivateBuildFile(path.toLowerCase());

function wantsPage(request: FastifyRequest): boolean {
  const method = request.method;
  return (method === 'GET' || method === 'HEAD') && !neverAPage(requestPath(request))
    && (request.headers.accept ?? '').includes('text/html');
}

function sendNotFound(reply: FastifyReply) {
  return reply.code(404).send({ error: 'There is nothing at this address.', code: 'not_found' });
}

/** Every file under `root` as a URL path ('/assets/app-abc.js'): the build's output, read once at start. */
function filesUnder(root: string): Set<string> {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return new Set(entries.filter((entry) => entry.isFile())
    .map((entry) => `/${relative(root, join(entry.parentPath, entry.name)).split(sep).join('/')}`));
}

async function client(app: FastifyInstance, options: ClientOptions): Promise<void> {
  const root = options.staticDir;
  const served = existsSync(join(root, 'index.html'));
  const appShell = existsSync(join(root, 'app.html')) ? 'app.html' : 'index.html';
  const files = served ? filesUnder(root) : new Set<string>();
  const sendReaderPage = (reply: FastifyReply) => reply.headers(READER_PAGE_HEADERS).sendFile(READER_PAGE);
  // Route path → its frame's file name, from the files the build wrote (src/app/frames/frameMarkup.ts names them).
  const frames = new Map<string, string>();
  for (const file of files) {
    const frame = FRAME_FILE.exec(file.slice(1));
    if (frame) frames.set(`/${frame[1]}`, file.slice(1));
  }

  // A page or the JSON 404, answered in one pass: a response handed from a failed file lookup to the
  // not-found handler would carry both passes' listeners.
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    if (served && wantsPage(request)) {
      const path = requestPath(request).toLowerCase().replace(/\/$/, '');
      return reply.sendFile(frames.get(path) ?? appShell);
    }
    return sendNotFound(reply);
  };

  if (served) {
    await app.register(fastifyStatic, {
      root,
      // Files are served by the route below, which declares its budget; this plugin only sends them.
      serve: false,
      index: false,
      cacheControl: false,
      allowedPath: (path) => !neverAPage(path),
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(relative(root, filePath)));
      },
    });
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/*',
      config: { budget: PAGE_BUDGET },
      // A download the browser abandons is not an error to answer (as @fastify/static's own route does).
      errorHandler(error: FastifyError, request, reply) {
        if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') request.raw.destroy();
        else app.errorHandler(error, request, reply);
      },
      handler: (request, reply) => {
        const file = `/${request.params['*']}`;
        if (file === `/${READER_PAGE}` && files.has(file)) return sendReaderPage(reply);
        return files.has(file) && !isPrivateBuildFile(file) ? reply.sendFile(file) : notFound(request, reply);
      },
    });
    app.get('/', { config: { budget: PAGE_BUDGET } }, (_request, reply) => reply.sendFile('index.html'));
    if (files.has(`/${READER_PAGE}`)) {
      app.get('/read', { config: { budget: PAGE_BUDGET } }, (_request, reply) => sendReaderPage(reply));
    }
  }

  app.setNotFoundHandler(notFound);
}

export default fp(client, { name: 'client', dependencies: ['security'] });
