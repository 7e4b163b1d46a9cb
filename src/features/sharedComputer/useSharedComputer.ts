// Is this tab on a shared computer? Read from the tab's own note, and rendered again when it changes.
import { useSyncExternalStore } from 'react';
import { isSharedComputer, onSharedComputerChange } from '../../client-core/sharedComputer.ts';

export const useSharedComputer = (): boolean => useSyncExternalStore(onSharedComputerChange, isSharedComputer, () => false);
