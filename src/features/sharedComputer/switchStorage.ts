// Ticking "This is a shared computer": from now on the device copy lives in this tab's sessionStorage (moved
// there as it stands, so nothing typed is lost), and everything already written to IndexedDB, localStorage and
// Cache Storage is erased. Unticking moves the copy back to the device. Loaded when the box is first used, so
// neither the landing page nor the questionnaire carries it in its first load.
import { DEVICE_COPY_KEYS, moveDeviceCopy } from '../../client-core/deviceCopyStorage.ts';
import { eraseDurableStorage } from '../../client-core/eraseStorage.ts';

export async function switchStorage(shared: boolean): Promise<void> {
  await moveDeviceCopy(shared, DEVICE_COPY_KEYS);
  if (shared) await eraseDurableStorage();
}
