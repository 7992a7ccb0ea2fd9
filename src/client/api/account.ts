// The account the server named in this page's last answer to `/api/me` (null: signed out; undefined:
// no answer yet in this page). A copy restored from IndexedDB never sets it: the outbox sends an
// account's changes only once the server has said, in this page, that this account is signed in.

let answered: string | null | undefined;
const listeners = new Set<() => void>();

export const answeredAccount = () => answered;

export function accountAnswered(id: string | null) {
  if (id === answered) return;
  answered = id;
  for (const listener of [...listeners]) listener();
}

export function onAccountAnswered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
