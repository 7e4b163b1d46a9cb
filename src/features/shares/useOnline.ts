// Whether the browser says it has a connection, following its online and offline events.
import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

export const useOnline = (): boolean => useSyncExternalStore(subscribe, () => navigator.onLine !== false, () => true);
