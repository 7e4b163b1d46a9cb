// Where the device copy lives: src/client-core/deviceCopyStorage.ts, where the shared-computer box can reach it
// too. The app's persistence reads it from here.
export { DEVICE_DATABASE, deviceCopyStorage, deviceStorage, PERSIST_KEY } from '../../client-core/deviceCopyStorage.ts';
