// A student sharing a version and a reader opening it, over HTTP, for the shares' suites.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../../../../src/server/app.ts';
import { cookiePair, TEST_ORIGIN } from '../../helper.ts';

export const SNAPSHOT = 'The summer I turned sixteen, my grandmother taught me to fish. We sat on the dock for hours. '
  + 'She never said much, but she taught me that patience is a kind of listening.';
export const WRITE = { origin: TEST_ORIGIN };

export async function student(app: App): Promise<{ uid: string; cookie: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/session', headers: WRITE });
  expect(response.statusCode).toBe(200);
  return { uid: response.json<{ uid: string }>().uid, cookie: cookiePair(response.headers['set-cookie']) };
}

export interface Shared { id: string; token: string; url: string; expiresAt: string }

/** The student shares a version of their personal statement; answers the link's parts. */
export async function share(app: App, cookie: string, more: Record<string, unknown> = {}): Promise<Shared> {
  const response = await app.inject({
    method: 'POST', url: '/api/shares', headers: { cookie, ...WRITE },
    payload: { essayKey: 'personal', versionId: 'version-0001', text: SNAPSHOT, title: 'Some students have a background…', readerName: 'Ms. Álvarez', ...more },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ id: string; url: string; expiresAt: string }>();
  return { ...body, token: body.url.replace(/^\/read#/, '') };
}

/** A reader opens the link: the answer, and the Cookie header of their reader session. */
export async function openLink(app: App, token: string, remoteAddress = '127.0.0.1') {
  const response = await app.inject({ method: 'POST', url: '/api/read/session', headers: WRITE, payload: { token }, remoteAddress });
  const setCookie = response.headers['set-cookie'];
  return { response, cookie: setCookie === undefined ? '' : cookiePair(setCookie) };
}

export const comment = (text: string, anchor?: object) => ({ clientId: randomUUID(), text, ...(anchor ? { anchor } : {}) });
