// The device copy's storage: the start reads it straight from IndexedDB, where localforage keeps it, and
// localforage itself is loaded only for writes (or a read those lines cannot answer).
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A fresh copy of the module (its localforage not loaded yet), counting how often localforage is loaded;
 * `arrival` holds localforage back until it resolves (a slow network).
 */
async function freshDeviceStorage(arrival: Promise<void> = Promise.resolve()) {
  vi.resetModules();
  const loads = { count: 0 };
  vi.doMock('localforage', async (importOriginal) => {
    loads.count += 1;
    await arrival;
    return importOriginal();
  });
  const module = await import('../../../src/app/persistence/deviceStorage.ts');
  return { ...module, loads };
}

const KEY = 'persist:essay-studio';

afterEach(async () => {
  vi.doUnmock('localforage');
  const { loadDeviceStorage } = await freshDeviceStorage();
  await (await loadDeviceStorage()).clear();
});

describe('deviceStorage', () => {
  it('reads what localforage kept straight from IndexedDB, without loading localforage', async () => {
    const writer = await freshDeviceStorage();
    await writer.deviceStorage.setItem(KEY, '{"wizard":"{}"}');
    expect(writer.loads.count).toBe(1);

    const reader = await freshDeviceStorage();
    expect(await reader.deviceStorage.getItem(KEY)).toBe('{"wizard":"{}"}');
    expect(await reader.deviceStorage.getItem('persist:other')).toBeNull();
    expect(reader.loads.count).toBe(0);
  });

  it('on a browser that kept nothing, answers null, leaves no empty database behind and loads localforage at once', async () => {
    indexedDB.deleteDatabase('essay-studio');
    let arrive: () => void = () => {};
    const { deviceStorage, loads } = await freshDeviceStorage(new Promise((resolve) => { arrive = resolve; }));
    expect(await deviceStorage.getItem(KEY)).toBeNull();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain('essay-studio');
    // No store to write straight into: localforage, which creates it, is on its way before anything is typed.
    await vi.waitFor(() => expect(loads.count).toBe(1));
    const written = deviceStorage.setItem(KEY, 'first keystroke');
    arrive();
    await written;
    expect(loads.count).toBe(1);
    expect(await (await freshDeviceStorage()).deviceStorage.getItem(KEY)).toBe('first keystroke');
  });

  it('writes back what it has just read without localforage, and anything else through it', async () => {
    await (await freshDeviceStorage()).deviceStorage.setItem(KEY, 'as read');
    const { deviceStorage, loads } = await freshDeviceStorage();
    expect(await deviceStorage.getItem(KEY)).toBe('as read');
    await deviceStorage.setItem(KEY, 'as read');
    expect(loads.count).toBe(0);
    await deviceStorage.setItem(KEY, 'typed since');
    expect(loads.count).toBe(1);
    expect(await (await freshDeviceStorage()).deviceStorage.getItem(KEY)).toBe('typed since');
  });

  it('keeps a write that comes before localforage has arrived, and the writes after it in their order', async () => {
    await (await freshDeviceStorage()).deviceStorage.setItem(KEY, 'as read');
    let arrive: () => void = () => {};
    const { deviceStorage, loads } = await freshDeviceStorage(new Promise((resolve) => { arrive = resolve; }));
    await deviceStorage.getItem(KEY);
    // Written while localforage is still on its way: the tab may close now and the keystroke is kept.
    await deviceStorage.setItem(KEY, 'M');
    expect(loads.count).toBe(1);
    expect(await (await freshDeviceStorage()).deviceStorage.getItem(KEY)).toBe('M');
    // The next writes wait for localforage, one after another.
    const later = [deviceStorage.setItem(KEY, 'Ma'), deviceStorage.setItem(KEY, 'Maya')];
    arrive();
    await Promise.all(later);
    expect(await (await freshDeviceStorage()).deviceStorage.getItem(KEY)).toBe('Maya');
  });

  it('writes what was read again once something else was written, even when localforage could not be fetched', async () => {
    await (await freshDeviceStorage()).deviceStorage.setItem(KEY, 'as read');
    const unreachable = Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    unreachable.catch(() => {});
    const { deviceStorage } = await freshDeviceStorage(unreachable);
    await deviceStorage.getItem(KEY);
    await deviceStorage.setItem(KEY, 'typed');
    await deviceStorage.setItem(KEY, 'as read');
    expect(await (await freshDeviceStorage()).deviceStorage.getItem(KEY)).toBe('as read');
  });

  it('reads through localforage once it is loaded, and removes through it', async () => {
    const { deviceStorage, loadDeviceStorage } = await freshDeviceStorage();
    await (await loadDeviceStorage()).setItem(KEY, 'kept');
    expect(await deviceStorage.getItem(KEY)).toBe('kept');
    await deviceStorage.removeItem(KEY);
    expect(await (await freshDeviceStorage()).deviceStorage.getItem(KEY)).toBeNull();
  });
});
