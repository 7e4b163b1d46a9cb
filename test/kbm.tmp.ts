import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium.ts';
import { reachFreeResult } from './e2e/essayFlow.ts';
import { startBuiltServer, stopBuiltServer } from './server/serverProcess.ts';
const server = await startBuiltServer({ RATE_LIMIT_MAX: '100000', SESSION_LIMIT_PER_IP: '100000' });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext({ baseURL: server.url(''), viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await reachFreeResult(page, 'x@example.com');
  for (const path of process.argv.slice(2)) {
    await page.goto(path);
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await page.waitForTimeout(300);
      const name = path.slice(1);
      await page.screenshot({ path: `/tmp/kb/${name}-${width}.png` });
      console.log(path, width, await page.evaluate(() => [...document.querySelectorAll('main *')].filter((e) => { const r = e.getBoundingClientRect(); return r.top < 620 && r.height > 2 && !['SPAN','STRONG','EM','B','A','OPTION'].includes(e.tagName); }).slice(0, 40).map((e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e); return `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${Math.round(r.top)}-${Math.round(r.bottom)} m=${s.marginTop}/${s.marginBottom} p=${s.paddingTop}/${s.paddingBottom} fs=${s.fontSize}`; }).join('\n')));
    }
  }
} finally {
  await browser.close();
  await stopBuiltServer(server);
}
