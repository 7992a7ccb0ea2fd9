import { paths } from '../../paths';

/**
 * Wipes every trace of a session here and, for the HttpOnly cookies, on the server: local and
 * session storage, cookies, the kept query cache and the cached photo thumbnails. Not the queue of
 * unsent changes (api/outbox.ts): it belongs to its account and is sent at that account's next
 * sign-in; discarding it is its own, explicit choice (unsent-on-clear-auth.tsx).
 */
export async function clearEverything() {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage can be disabled; nothing to clear then
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // Named in api/persist.ts; not imported, so this page loads no query cache unless changes wait.
  indexedDB.deleteDatabase('rounds-cache');
  if (typeof caches !== 'undefined') await caches.delete('rounds-photo-thumbnails').catch(() => false);
  await fetch('/api/clear-auth', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
}

export const clearAndGoToLogin = () => void clearEverything().finally(() => window.location.replace(paths.login()));
