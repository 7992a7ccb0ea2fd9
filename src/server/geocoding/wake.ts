// A property that needs placing wakes this process's geocoding job soon after (once the
// change's transaction has had time to commit) instead of at its next poll.

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called where a property is made or its address changes without coordinates. */
export function wakeGeocoder(): void {
  for (const listener of listeners) listener();
}

/** The geocoding job's subscription; returns the unsubscribe. */
export function onGeocodeWanted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
