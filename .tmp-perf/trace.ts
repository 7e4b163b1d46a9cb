import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../test/e2e/support/chromium.ts';
import { freePort, serverEnv } from '../test/e2e/support/serverEnv.ts';

const port = freePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['dist/node/server/main.js'], { env: { ...process.env, ...serverEnv(port, mkdtempSync(join(tmpdir(), 'essay-trace-'))) }, stdio: ['ignore', 'ignore', 'inherit'] });
for (let i = 0; i < 150; i++) { let ok = false; try { ok = (await fetch(`${url}/api/health`)).ok; } catch {} if (ok) break; await new Promise((r) => setTimeout(r, 200)); }
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
await page.goto(`${url}${process.argv[2] ?? '/form'}`);
await page.getByLabel(/Full name/).waitFor({ state: 'visible' });
await page.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop') as any;
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<string, number>();
const dt = profile.timeDeltas as number[];
profile.samples.forEach((id: number, i: number) => { const n: any = byId.get(id); const key = (n.callFrame.url.split('/').pop() || n.callFrame.functionName || '(native)'); self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0)); });
const fn = new Map<string, number>();
profile.samples.forEach((id: number, i: number) => { const n: any = byId.get(id); const f = n.callFrame; if (!/assets/.test(f.url)) return; const key = `${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}:${f.functionName}`; fn.set(key, (fn.get(key) ?? 0) + (dt[i] ?? 0)); });
console.log([...fn.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `FN ${k}: ${(v / 1000).toFixed(1)}ms`).join('\n'));
console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${k}: ${(v / 1000).toFixed(1)}ms`).join('\n'));
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents as Array<{ name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: any }>;
const main = events.find((e) => e.name === 'TracingStartedInBrowser');
const tasks = events.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 30000);
const t0 = Math.min(...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
for (const task of tasks) {
  const inside = events.filter((e) => e.tid === task.tid && e.pid === task.pid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0) && e !== task && (e.dur ?? 0) > 8000 && !e.name.startsWith("V8."));
  console.log(`task @${((task.ts - t0) / 1000).toFixed(0)}ms ${((task.dur ?? 0) / 1000).toFixed(1)}ms`);
  for (const e of inside.slice(0, 14)) console.log(`   ${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}ms ${JSON.stringify(e.args?.data?.url ?? e.args?.data?.functionName ?? e.args?.data?.stackTrace?.[0]?.url ?? '').slice(-60)}`);
}
void main;
await browser.close();
child.kill('SIGTERM');
