/**
 * After signing in or up, load the new user into the query cache before /dashboard's guard
 * reads it. The cache (TanStack Query) is loaded here, on demand: /login and /signup do not
 * need it to draw, and the dashboard needs it next anyway.
 */
export async function refreshSessionAfterSignIn() {
  const { refreshSession } = await import('../../api/session');
  return refreshSession();
}
