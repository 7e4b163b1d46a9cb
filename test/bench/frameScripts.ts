// What each app route's frame asks for before its page can go live, read from the build: the entry script and
// the chunks it modulepreloads (the frame's inline loader names them), each gzip-compressed at level 9 as the
// route bench counts them. Then what the chunks every route shares hold, by package or source file, in bytes
// of minified code (from the build's hidden source maps). A static view beside the route bench's measured one
// (test/bench/routes.ts), for finding what to take out.
// Standalone: `npx tsx test/bench/frameScripts.ts` (needs `npm run build` first). FRAME_SCRIPTS_TOP=N lists N
// sources (default 25).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const CLIENT_DIR = join(process.cwd(), 'dist', 'client');
/** A route's frame: topics.html; not the landing page, the app shell or a frame's variant (thank-you.ok.html). */
const FRAME_FILE = /^(?!(?:index|app)\.html$)[a-z][a-z0-9-]*\.html$/;
/** The frame's inline loader: `var urls={"entry":"/assets/…","preloads":[…]}`. */
const LOADER_URLS = /var urls=(\{"entry":"[^"]+","preloads":\[[^\]]*\]\})/;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipped = (file: string) => gzipSync(readFileSync(join(CLIENT_DIR, file)), { level: 9 }).length;
const chunkName = (file: string) => file.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');

function frameScripts(): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  for (const name of readdirSync(CLIENT_DIR).filter((file) => FRAME_FILE.test(file)).sort()) {
    const match = LOADER_URLS.exec(readFileSync(join(CLIENT_DIR, name), 'utf8'));
    if (!match?.[1]) throw new Error(`${name} has no script loader`);
    const { entry, preloads } = JSON.parse(match[1]) as { entry: string; preloads: string[] };
    routes.set(`/${name.replace(/\.html$/, '')}`, [...new Set([entry, ...preloads])]);
  }
  return routes;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map segment's fields (Base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** A node_modules source as its package ('npm:react-router'), an app source as its path under src/. */
const owner = (source: string): string => {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return inPackage ? `npm:${inPackage[1]}` : source.replace(/^(?:\.\.\/)+/, '');
};

/** Bytes of a built chunk's code by where they came from, from its source map. */
function bytesBySource(file: string): Map<string, number> {
  const code = readFileSync(join(CLIENT_DIR, file), 'utf8').split('\n');
  const map = JSON.parse(readFileSync(join(CLIENT_DIR, `${file}.map`), 'utf8')) as { sources: string[]; mappings: string };
  const bytes = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = code[lineIndex] ?? '';
    let column = 0;
    const starts: Array<{ column: number; source: number | null }> = [];
    for (const segment of line.split(',').filter(Boolean)) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1] ?? 0;
      starts.push({ column, source: fields.length > 1 ? source : null });
    }
    starts.forEach((start, index) => {
      const end = starts[index + 1]?.column ?? text.length;
      const name = start.source === null ? '(generated)' : owner(map.sources[start.source] ?? '?');
      bytes.set(name, (bytes.get(name) ?? 0) + end - start.column);
    });
  });
  return bytes;
}

if (!existsSync(CLIENT_DIR)) throw new Error('No build: run `npm run build` first.');
const routes = frameScripts();
console.log('| route | scripts the frame requests, gzip -9 | chunks (KB) |');
console.log('|---|---|---|');
for (const [route, files] of routes) {
  const total = files.reduce((sum, file) => sum + gzipped(file), 0);
  console.log(`| ${route} | ${kb(total)} KB | ${files.map((file) => `${chunkName(file)} ${kb(gzipped(file))}`).join(', ')} |`);
}
const shared = [...routes.values()].reduce((common, files) => common.filter((file) => files.includes(file)));
const bySource = new Map<string, number>();
for (const file of shared.filter((name) => existsSync(join(CLIENT_DIR, `${name}.map`)))) {
  for (const [name, bytes] of bytesBySource(file)) bySource.set(name, (bySource.get(name) ?? 0) + bytes);
}
const top = Number(process.env.FRAME_SCRIPTS_TOP ?? 25);
const sharedKb = kb(shared.reduce((sum, file) => sum + gzipped(file), 0));
console.log(`\nThe chunks every route requests (${shared.map(chunkName).join(', ')}): ${sharedKb} KB gzip -9. What they hold, minified KB:`);
for (const [name, bytes] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${kb(bytes).padStart(6)}  ${name}`);
