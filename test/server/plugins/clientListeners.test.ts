// A page is sent once per response: a route's frame or the app shell answered straight from the files route,
// never by first failing to find a file and passing the same response on to the not-found handler (each pass
// left its own close listeners on the response, past Node's leak warning at ten).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { testDatabases } from '../databases.ts';
import { buildTestApp } from '../helper.ts';
import { tempDir } from '../tempDir.ts';

function staticDir(): string {
  const dir = tempDir('essay-static-');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><h1>Landing</h1>');
  writeFileSync(join(dir, 'app.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'topics.html'), '<!doctype html><h1>Choose Your Essay Topic</h1>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1);');
  return dir;
}

describe.each(testDatabases)('pages over a real socket on $name', (target) => {
  it('answers frames, the shell, files and unknown paths with no listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    onTestFinished(() => {
      process.off('warning', onWarning);
    });
    const { app } = await buildTestApp(target, { env: { STATIC_DIR: staticDir() } });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const html = { headers: { accept: 'text/html' } };
    for (let round = 0; round < 3; round += 1) {
      expect(await (await fetch(`${base}/topics`, html)).text()).toContain('Choose Your Essay Topic');
      expect(await (await fetch(`${base}/form`, html)).text()).toContain('<div id="root">');
      expect(await (await fetch(`${base}/assets/app-abc123.js`)).text()).toBe('console.log(1);');
      expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });
});
