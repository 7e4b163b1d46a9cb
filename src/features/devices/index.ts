// The devices feature's public face: the panel "Your data" shows, and what signing this device out asks.
export { DevicesPanel } from './DevicesPanel.tsx';
export { UnsentChangesQuestion } from './UnsentChangesQuestion.tsx';
export { signOutThisDevice } from './devicesThunks.ts';
export { selectDevices, selectDevicesRequests } from './devicesSlice.ts';
