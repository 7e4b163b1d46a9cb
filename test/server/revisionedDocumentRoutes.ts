// A revisioned document's routes (src/server/db/revisionedDocuments.ts) as a fresh browser sends them: GET and PUT
// at one URL (DELETE where the document has one), on a shared app whose clock each test moves from the same start.
import { beforeEach } from 'vitest';
import type { TestDatabase } from './databases.ts';
import { startSession, TEST_ORIGIN } from './helper.ts';
import { useTestApp } from './useTestApp.ts';

export function useRevisionedDocumentRoutes(target: TestDatabase, url: string, start: Date) {
  let now = start;
  beforeEach(() => { now = start; });
  const testApp = useTestApp(target, { clock: () => now });
  return async () => {
    const { app, database } = testApp();
    const { uid, cookie } = await startSession(app);
    const headers = { cookie, origin: TEST_ORIGIN };
    const get = () => app.inject({ method: 'GET', url, headers });
    const put = (document: unknown, baseRevision: number) =>
      app.inject({ method: 'PUT', url, headers, payload: { document, baseRevision } });
    const reset = () => app.inject({ method: 'DELETE', url, headers });
    const tick = (ms: number) => { now = new Date(now.getTime() + ms); };
    return { app, database, uid, cookie, headers, get, put, reset, tick };
  };
}
