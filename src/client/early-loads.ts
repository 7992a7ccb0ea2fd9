import { PAGE_FRAME_ID } from '../shared/page-titles';
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

// A signed-in landing page arrives with its frame painted by the server (src/server/page-frame.ts):
// let the browser show it before the rest of the entry is evaluated, which holds the main thread
// for about 0.6 s on a phone; otherwise the frame could wait behind that.
if (document.getElementById(PAGE_FRAME_ID)) {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
