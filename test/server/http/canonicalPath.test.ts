// How a request target is judged before routing: canonical, another spelling of a canonical path (which the
// path gate refuses or redirects), an encoded slash, or no path at all.
import { describe, expect, it } from 'vitest';
import { canonicalPath, judgeTarget } from '../../../src/server/http/canonicalPath.ts';

describe('judgeTarget', () => {
  it('takes a canonical path with its query string as it is', () => {
    for (const target of ['/', '/api/whoami', '/api/whoami?x=%2F', '/topics/', '/Topics', '/assets/app-AbC.js', '/x/%C3%A9', '/a%20b', '/api/a;b']) {
      expect(judgeTarget(target), target).toEqual({ kind: 'canonical', path: target.split('?', 1)[0] });
    }
  });

  it('names the canonical path of every other spelling, keeping the query string', () => {
    expect(judgeTarget('/%61pi/whoami?a=1')).toEqual({ kind: 'non_canonical', path: '/api/whoami', query: '?a=1' });
    for (const [target, path] of [
      ['/%61%70%69/session', '/api/session'], ['//api/whoami', '/api/whoami'], ['/api//whoami', '/api/whoami'],
      ['/api/./whoami', '/api/whoami'], ['/x/../api/whoami', '/api/whoami'], ['/../../api/whoami', '/api/whoami'],
      ['/api/%2e%2E/api/whoami', '/api/whoami'], ['/API/whoami', '/api/whoami'], ['/Metrics', '/metrics'],
      ['/api\\whoami', '/api/whoami'], ['http://localhost:8080/api/whoami', '/api/whoami'], ['HTTPS://h', '/'],
      ['/api/whoami#x', '/api/whoami'], ['/topics/.', '/topics/'], ['/topics/x/..', '/topics/'], ['/x/%c3%a9', '/x/%C3%A9'],
      ['/api/a%3Bb', '/api/a;b'], ['/api/%7Euser', '/api/~user'], ['/%61ssets/App.js', '/assets/App.js'],
    ]) {
      expect(judgeTarget(target ?? ''), target).toMatchObject({ kind: 'non_canonical', path });
    }
  });

  it('keeps escapes of characters a path cannot hold as they are, and leaves a broken escape to the router', () => {
    expect(canonicalPath('/a%25b%3F%23%20')).toBe('/a%25b%3F%23%20');
    expect(judgeTarget('/a%zz')).toEqual({ kind: 'canonical', path: '/a%zz' });
  });

  it('refuses an encoded slash as the path it would stand for', () => {
    expect(judgeTarget('/api%2Fwhoami')).toEqual({ kind: 'encoded_slash', path: '/api/whoami' });
    expect(judgeTarget('/%61pi%5cwhoami')).toEqual({ kind: 'encoded_slash', path: '/api/whoami' });
  });

  it('finds no path in a target that is not one', () => {
    expect(judgeTarget('*')).toEqual({ kind: 'not_a_path', path: '/' });
    expect(judgeTarget('localhost:8080')).toEqual({ kind: 'not_a_path', path: '/' });
  });
});
