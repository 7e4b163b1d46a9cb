// What a browser keeps for the page's origin, read from inside the page: every IndexedDB database's records,
// localStorage, sessionStorage and the number of Cache Storage entries. The sign-out journeys check that none
// of it holds the student's words.
import type { Page } from '@playwright/test';

export type BrowserStorage = { indexedDB: string; local: string; session: string; cached: number };

export const browserStorage = (page: Page): Promise<BrowserStorage> => page.evaluate(async () => {
  const texts: string[] = [];
  for (const { name } of await indexedDB.databases()) {
    if (name === undefined) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    for (const store of [...db.objectStoreNames]) {
      const all = await new Promise<unknown[]>((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
      });
      texts.push(JSON.stringify(all));
    }
    db.close();
  }
  const cached = await Promise.all((await caches.keys()).map(async (key) => (await caches.open(key)).keys()));
  return { indexedDB: texts.join(' '), local: JSON.stringify(localStorage), session: JSON.stringify(sessionStorage), cached: cached.flat().length };
});
