// The device copy's storage: localforage's own instance in IndexedDB, and redux-persist on top of it. A
// reload is a fresh store reading what the previous one wrote.
import { afterEach, describe, expect, it } from 'vitest';
import { deviceStorage } from '../../../src/client-core/deviceCopyStorage.ts';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { makeStore } from '../../../src/app/store.ts';
import { fullNameChanged } from '../../../src/features/wizard/index.ts';

afterEach(async () => {
  await deviceStorage.clear();
});

/** Opens the app's store on what this device holds, as a reload does. */
async function reload() {
  const store = makeStore();
  const persistence = startPersistence(store);
  await persistence.rehydrated;
  return { store, persistence };
}

describe('the device copy', () => {
  it('lives in IndexedDB through localforage, and keeps writes in the order they were made', async () => {
    await deviceStorage.ready();
    expect(deviceStorage.driver()).toBe('asyncStorage');
    await Promise.all(['M', 'Ma', 'May', 'Maya'].map((value) => deviceStorage.setItem('persist:order', value)));
    expect(await deviceStorage.getItem('persist:order')).toBe('Maya');
  });

  it('keeps an edit typed before the device copy was read back, across a reload', async () => {
    const store = makeStore();
    const persistence = startPersistence(store);
    store.dispatch(fullNameChanged('Typed at once'));
    await persistence.rehydrated;
    await persistence.persistor.flush();
    persistence.stop();

    const again = await reload();
    expect(again.store.getState().wizard.basicInfo.fullName).toBe('Typed at once');
    again.persistence.stop();
  });

  it('keeps the last of a burst of edits across a reload', async () => {
    const { store, persistence } = await reload();
    for (const name of ['M', 'Ma', 'May', 'Maya']) store.dispatch(fullNameChanged(name));
    await persistence.persistor.flush();
    persistence.stop();

    const again = await reload();
    expect(again.store.getState().wizard.basicInfo.fullName).toBe('Maya');
    again.persistence.stop();
  });
});
