import { useSyncExternalStore } from 'react';
import { isReachable, subscribeReachability } from './reachability';

/**
 * Whether the server can be reached: the browser's `navigator.onLine` and what the last requests
 * did (lib/reachability.ts). A weak signal that fails every request is offline, as in airplane mode.
 */
export const useOnline = () => useSyncExternalStore(subscribeReachability, isReachable);
