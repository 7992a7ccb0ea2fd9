import { paths } from './paths';

// The first thing the entry runs, before React and Mantine are evaluated (≈ 0.4 s of a phone's
// main thread): every page but sign-in, sign-up and /clear-auth shows the signed-in shell, so its
// code (the guards with the query cache, the page frame) starts loading now, alongside that
// evaluation, rather than after it (`preloadRoute` in main.tsx adds the page's own code).
const SIGNED_OUT_PAGES = new Set([paths.login(), paths.signup(), paths.clearAuth()]);

if (!SIGNED_OUT_PAGES.has(window.location.pathname.replace(/\/$/, ''))) {
  void import('./shell/guards');
  void import('./shell/page-shell');
}
