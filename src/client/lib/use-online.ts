import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** The browser's `navigator.onLine`, kept current by its online and offline events. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);
