import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RICH_PROFILES } from '../fixtures/profiles.ts';
import { Browser, startServer, stopServer } from '../server/serverProcess.ts';
const form = RICH_PROFILES[0]!.form;
const s = await startServer({ built: true, publicUrl: 'http://x.test', env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'probe-')) } });
for (let round = 0; round < 3; round++) {
  const b = new Browser('http://x.test');
  const t = (label: string) => { const st = performance.now(); return (r: Response) => { console.log(round, label, r.status, (performance.now() - st).toFixed(1)); return r.text(); }; };
  await b.request(s, 'POST', '/api/session').then(t('session'));
  await b.request(s, 'PUT', '/api/forms/me', { document: form, baseRevision: 0 }).then(t('save0'));
  await b.request(s, 'PUT', '/api/forms/me', { document: form, baseRevision: 1 }).then(t('save1'));
  await b.request(s, 'POST', '/api/topic-suggestions', { formData: form }).then(t('topics'));
  await b.request(s, 'GET', '/api/whoami').then(t('whoami'));
}
await stopServer(s, 'SIGTERM');
