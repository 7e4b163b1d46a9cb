// Where the device copy lives: IndexedDB by default; once the tab is on a shared computer, the tab's
// sessionStorage (redux-persist's own session engine), moved there as it stands so nothing typed is lost, a
// reload reading it back, and IndexedDB, localStorage and Cache Storage erased; unticked, back to the device.
import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_COPY_KEYS, deviceStorage, moveDeviceCopy } from '../../src/client-core/deviceCopyStorage.ts';
import { isSharedComputer } from '../../src/client-core/sharedComputer.ts';
import { startPersistence } from '../../src/app/persistence/persistence.ts';
import { makeStore } from '../../src/app/store.ts';
import { fullNameChanged } from '../../src/features/wizard/index.ts';
import { switchStorage } from '../../src/features/sharedComputer/switchStorage.ts';

const [KEY = ''] = DEVICE_COPY_KEYS;

afterEach(async () => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  await deviceStorage.clear();
});

async function open() {
  const store = makeStore();
  const persistence = startPersistence(store);
  await persistence.rehydrated;
  return { store, persistence };
}

describe('the device copy on a shared computer', () => {
  it('moves into the tab as it stands, keeps every later keystroke there, and a reload reads it back', async () => {
    const first = await open();
    first.store.dispatch(fullNameChanged('Maya'));
    await first.persistence.persistor.flush();
    window.localStorage.setItem('essay-studio:wizard-step', '0');
    expect(await deviceStorage.getItem(KEY)).toContain('Maya');

    await switchStorage(true);
    expect(isSharedComputer()).toBe(true);
    expect(window.sessionStorage.getItem(KEY)).toContain('Maya');
    // What the browser kept beyond the tab is gone.
    expect(window.localStorage.length).toBe(0);
    expect(await deviceStorage.keys()).toEqual([]);

    first.store.dispatch(fullNameChanged('Maya Lin'));
    await first.persistence.persistor.flush();
    expect(window.sessionStorage.getItem(KEY)).toContain('Maya Lin');
    expect(await deviceStorage.getItem(KEY)).toBeNull();
    first.persistence.stop();

    const reloaded = await open();
    expect(reloaded.store.getState().wizard.basicInfo.fullName).toBe('Maya Lin');
    reloaded.persistence.stop();
  });

  it('moves from a page that has neither read nor written it (the landing page) by reading what the device holds', async () => {
    // Written by an earlier page of this browser, never seen by this one.
    await deviceStorage.setItem('persist:earlier-page', '{"wizard":"Sam"}');
    await moveDeviceCopy(true, ['persist:earlier-page']);
    expect(isSharedComputer()).toBe(true);
    expect(window.sessionStorage.getItem('persist:earlier-page')).toBe('{"wizard":"Sam"}');
  });

  it('unticked, moves the copy back to the device and out of the tab', async () => {
    const page = await open();
    await switchStorage(true);
    page.store.dispatch(fullNameChanged('Ada'));
    await page.persistence.persistor.flush();
    expect(window.sessionStorage.getItem(KEY)).toContain('Ada');

    await switchStorage(false);
    expect(isSharedComputer()).toBe(false);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
    expect(await deviceStorage.getItem(KEY)).toContain('Ada');
    page.store.dispatch(fullNameChanged('Ada L'));
    await page.persistence.persistor.flush();
    expect(await deviceStorage.getItem(KEY)).toContain('Ada L');
    page.persistence.stop();
  });
});
