// A message written by this process wakes this process's worker soon after (once the
// change's transaction has had time to commit) instead of at its next poll. The poll stays for
// messages written by other processes, and for a wake that came before the commit.

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called where a message is written (inside the transaction): the worker looks shortly after. */
export function messageWritten(): void {
  for (const listener of listeners) listener();
}

/** The worker's subscription; returns the unsubscribe. */
export function onMessageWritten(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
