// DATABASE_URL in libpq's URL form, several hosts included: `postgres://u@h1:5432,h2:5433/db?target_session_attrs=primary`.
// pg takes one host, so the hosts are split out here and each becomes a one-host URL that pg parses as it always has.
import { parse } from 'pg-connection-string';

export interface DatabaseHost {
  host: string;
  port: number;
}

interface DatabaseTarget {
  /** For pg: the URL as given, or with several hosts the first one's, `target_session_attrs` left out. */
  connectionString: string;
  /** With `requirePrimary`, the hosts to look for the writable primary among, in the URL's order. */
  hosts: readonly DatabaseHost[];
  /** `target_session_attrs=primary` (or its synonym here, `read-write`): connect only to a writable primary. */
  requirePrimary: boolean;
}

const DEFAULT_PORT = 5432;
const PRIMARY_ATTRS: ReadonlySet<string> = new Set(['primary', 'read-write']);
const SESSION_ATTRS = 'target_session_attrs';

function parseHost(text: string): DatabaseHost | string {
  const bracketed = text.startsWith('[');
  const close = bracketed ? text.indexOf(']') : -1;
  if (bracketed && close < 0) return `the host "${text}" opens a [ it never closes`;
  const colon = bracketed ? close + 1 : text.lastIndexOf(':');
  const host = bracketed ? text.slice(1, close) : text.slice(0, colon < 0 ? text.length : colon);
  const portText = colon < 0 || colon >= text.length ? '' : text.slice(colon + 1);
  if (host === '') return 'every host in the list must be named (a comma with nothing beside it?)';
  if (bracketed && colon < text.length && text[colon] !== ':') return `the host "${text}" has text after its ]`;
  if (portText === '') return { host, port: DEFAULT_PORT };
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : 0;
  if (port < 1 || port > 65_535) return `the port of "${text}" must be a whole number from 1 to 65535`;
  return { host, port };
}

/** The URL understood, or a sentence saying what is wrong with it (which never repeats the URL: it holds the password). */
export function parseDatabaseUrl(text: string): DatabaseTarget | string {
  const scheme = /^postgres(ql)?:\/\//.exec(text)?.[0];
  if (scheme === undefined) return 'must be a postgres:// or postgresql:// URL';
  const rest = text.slice(scheme.length);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  const tail = authorityEnd < 0 ? '' : rest.slice(authorityEnd);
  const at = authority.lastIndexOf('@');
  const userinfo = authority.slice(0, at + 1);
  const hostList = authority.slice(at + 1);

  const queryStart = tail.indexOf('?');
  const query = new URLSearchParams(queryStart < 0 ? '' : tail.slice(queryStart + 1).split('#')[0]);
  const attrs = query.get(SESSION_ATTRS);
  const requirePrimary = attrs !== null && PRIMARY_ATTRS.has(attrs);
  if (attrs !== null && !requirePrimary && attrs !== 'any') {
    return `${SESSION_ATTRS} must be primary or read-write (the server writes, so it needs the writable primary)`;
  }
  const several = hostList.includes(',');
  if (several && !requirePrimary) {
    return `names several hosts, so it must say which to use: add ?${SESSION_ATTRS}=primary`;
  }

  const hosts: DatabaseHost[] = [];
  // Without target_session_attrs a one-host URL goes to pg exactly as given.
  for (const entry of requirePrimary ? hostList.split(',') : []) {
    const host = parseHost(entry);
    if (typeof host === 'string') return host;
    hosts.push(host);
  }
  query.delete(SESSION_ATTRS);
  const path = queryStart < 0 ? tail : tail.slice(0, queryStart);
  const search = query.size === 0 ? '' : `?${query.toString()}`;
  const connectionString = requirePrimary ? `${scheme}${userinfo}${hostList.split(',')[0]}${path}${search}` : text;
  try {
    parse(connectionString);
  } catch (error) {
    return `is not a URL pg can read (${error instanceof Error ? error.message : String(error)})`;
  }
  return { connectionString, hosts, requirePrimary };
}
