// The one spelling of a path the server answers to. The router decodes percent-encoded letters, routes an
// absolute URL by its path and stops at a `#`, so `/%61pi/session`, `http://host/api/session` and
// `/api/session#x` all reach the route of `/api/session`; a part reading the path as sent saw something else
// (draining refused `/api/…` and served `/%61pi/…`). Here a request target is judged once: canonical, or the
// canonical path it stands for, which the path gate answers instead of any route (plugins/pathGate.ts).
//
// The canonical form: characters a path may hold as they are (letters, digits, `-._~!$&'()*+,;=:@`) are never
// percent-encoded, other escapes are written in upper case, no segment is empty (`//`), `.` or `..`, a
// backslash is a slash (as browsers read it), and the API's and the metrics' first segment is lower case.

/** What a request target is, for the gate. */
export type PathVerdict =
  | { kind: 'canonical'; path: string }
  /** A percent-encoded slash or backslash: no route takes one, and proxies disagree on what it means. */
  | { kind: 'encoded_slash'; path: string }
  /** Another spelling of `path`; `query` is the target's query string (with its `?`), to keep on a redirect. */
  | { kind: 'non_canonical'; path: string; query: string }
  /** Not a path at all (`OPTIONS *`). */
  | { kind: 'not_a_path'; path: string };

/** Characters a path segment may hold unencoded (RFC 3986's pchar), which the router decodes when encoded. */
const PLAIN = /^[\w\-.~!$&'()*+,;=:@]$/;
const ESCAPE = /%([\dA-Fa-f]{2})/g;
const ABSOLUTE = /^https?:\/\/[^/?#]*/i;
const ENCODED_SLASH = /%(?:2f|5c)/gi;
/** First segments whose case is fixed: every route under them is lower case. */
const LOWER_CASE_ROOTS = new Set(['api', 'metrics']);

function normalisedEscapes(path: string): string {
  return path.replace(ESCAPE, (_escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return PLAIN.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** `path` (already starting with `/`) in its canonical form. */
export function canonicalPath(path: string): string {
  const raw = normalisedEscapes(path).replaceAll('\\', '/').split('/');
  const segments: string[] = [];
  for (const segment of raw) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  const last = raw.at(-1);
  const trailing = segments.length > 0 && (last === '' || last === '.' || last === '..') ? '/' : '';
  const [first] = segments;
  if (first !== undefined && LOWER_CASE_ROOTS.has(first.toLowerCase())) segments[0] = first.toLowerCase();
  return `/${segments.join('/')}${trailing}`;
}

/** Judges a request target as sent (`request.raw.url` before routing). */
export function judgeTarget(target: string): PathVerdict {
  const end = target.search(/[?#]/);
  let path = end === -1 ? target : target.slice(0, end);
  const rest = end === -1 ? '' : target.slice(end);
  const fragment = rest.indexOf('#');
  const query = fragment === -1 ? rest : rest.slice(0, fragment);
  let sentAsIs = fragment === -1;
  if (!path.startsWith('/')) {
    const origin = ABSOLUTE.exec(path);
    if (origin === null) return { kind: 'not_a_path', path: '/' };
    path = path.slice(origin[0].length) || '/';
    sentAsIs = false;
  }
  // Judged as the slash it stands for, so `/api%2Fx` is refused as an API path.
  const slashes = path.replace(ENCODED_SLASH, '/');
  if (slashes !== path) return { kind: 'encoded_slash', path: canonicalPath(slashes) };
  const canonical = canonicalPath(path);
  if (sentAsIs && canonical === path) return { kind: 'canonical', path };
  return { kind: 'non_canonical', path: canonical, query };
}
