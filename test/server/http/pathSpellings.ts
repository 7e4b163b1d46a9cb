// Every other way to write a path that the router (or a browser, or a proxy) could read as the same path:
// one unreserved character percent-encoded (in each segment, and all letters in lower-case hex), a doubled
// slash before each segment, `.` and `..` segments (plain and percent-encoded), a backslash for a slash, the
// absolute form `http://host/…`, a fragment, and, for the API and the metrics, their first segment in
// upper and mixed case (page paths are read without regard to case, as the app's router reads them).
import type { RouteOptions } from 'fastify';

const UNRESERVED = /[\w\-.~]/;
const hex = (char: string): string => char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');

function encodeFirst(segment: string): string | undefined {
  const at = segment.search(UNRESERVED);
  return at === -1 ? undefined : `${segment.slice(0, at)}%${hex(segment.charAt(at))}${segment.slice(at + 1)}`;
}

const join = (segments: readonly string[]): string => `/${segments.join('/')}`;
const insertAt = (segments: readonly string[], index: number, ...added: string[]): string[] =>
  [...segments.slice(0, index), ...added, ...segments.slice(index)];

/** The other spellings of `path` (a canonical path such as `/api/forms/me`), each different from it. */
export function spellingsOf(path: string): string[] {
  const segments = path === '/' ? [] : path.slice(1).split('/');
  const spellings = new Set<string>();
  segments.forEach((segment, index) => {
    const encoded = encodeFirst(segment);
    if (encoded !== undefined) spellings.add(join(segments.with(index, encoded)));
  });
  spellings.add(path.replace(/[a-z]/gi, (letter) => `%${hex(letter).toLowerCase()}`));
  // Added before a segment: after the last one they would leave a trailing slash, another path.
  for (let index = 0; index < Math.max(1, segments.length); index += 1) {
    for (const added of [[''], ['.'], ['x', '..'], ['%2e'], ['x', '%2E%2E']]) {
      spellings.add(segments.length === 0 ? `/${added.join('/')}/` : join(insertAt(segments, index, ...added)));
    }
  }
  if (segments.length > 1) spellings.add(`/${segments[0]}\\${segments.slice(1).join('/')}`);
  spellings.add(`http://localhost${path}`);
  spellings.add(`${path}#part`);
  const [first = ''] = segments;
  if (first === 'api' || first === 'metrics') {
    spellings.add(join(segments.with(0, first.toUpperCase())));
    spellings.add(join(segments.with(0, `${first.charAt(0).toUpperCase()}${first.slice(1)}`)));
  }
  spellings.delete(path);
  return [...spellings];
}

/** Concrete paths for a registered route's URL: each parameter given a value, the wildcard a page and a file. */
export function pathsOf(route: Pick<RouteOptions, 'url'>, files: readonly string[]): string[] {
  if (route.url === '/*') return ['/topics', ...files];
  return [route.url.replace(/:\w+/g, 'cs_test_1')];
}
