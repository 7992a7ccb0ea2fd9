// The workspace this browser tab works in. Each tab keeps its own choice in
// sessionStorage, so two tabs can show two businesses side by side; requests name it with
// `X-Workspace` (api/http.ts). No TanStack Query here: /login and /signup load this file.

/**
 * The header naming the workspace, as `WORKSPACE_HEADER` in shared/messages/workspaces.ts (a unit
 * test holds them equal): importing that file here would put all its messages in the code every
 * signed-in page loads (tests/e2e/bundle-budget.spec.ts).
 */
export const WORKSPACE_HEADER = 'X-Workspace';

const TAB_KEY = 'rounds-workspace';
/** The last workspace any tab worked in: a new tab's best guess before `/api/me` answers. */
const LAST_KEY = 'rounds-last-workspace';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null; // storage refused (privacy settings): the server's default workspace is used
  }
}

let chosen: string | null | undefined;

/** The workspace this tab has chosen, sent as `X-Workspace`; null: the user's default. */
export function tabWorkspaceId(): string | null {
  if (chosen === undefined) chosen = typeof sessionStorage === 'undefined' ? null : read(() => sessionStorage, TAB_KEY);
  return chosen;
}

/**
 * The workspace the cache keys of this tab belong to: the tab's choice, else the last one used in
 * this browser (what the server's default most likely is), else none.
 */
export function cacheWorkspaceId(): string {
  return tabWorkspaceId() ?? (typeof localStorage === 'undefined' ? null : read(() => localStorage, LAST_KEY)) ?? '';
}

/** Keeps `id` as this tab's workspace (after `/api/me` answered, or when switching). */
export function rememberWorkspace(id: string | null) {
  chosen = id;
  try {
    if (id) {
      sessionStorage.setItem(TAB_KEY, id);
      localStorage.setItem(LAST_KEY, id);
    } else {
      sessionStorage.removeItem(TAB_KEY);
    }
  } catch {
    // storage refused: the choice lasts as long as the page
  }
}

/** Signing out: a shared phone keeps nothing of the last user's businesses. */
export function forgetWorkspaces() {
  chosen = null;
  try {
    sessionStorage.removeItem(TAB_KEY);
    localStorage.removeItem(LAST_KEY);
  } catch {
    // nothing kept
  }
}
