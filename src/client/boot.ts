import '@mantine/core/styles.css';
import { PAGE_FRAME_ID, pagePath } from '../shared/page-titles';
import { paths } from './paths';

// index.html's entry, small on purpose. It starts what the page needs, then runs the app
// (main.tsx), whose code the HTML already fetches (the `preloadApp` plugin, vite.config.ts).
// Evaluating the app (React, Mantine, the router) holds a phone's main thread for about 0.6 s at
// 4× CPU, so whatever can start before that starts here.

// Every page but sign-in, sign-up and /clear-auth shows the signed-in shell: its code (the guards
// with the query cache, the page frame) is fetched alongside the app's, not after it
// (`preloadRoute` in main.tsx adds the page's own code).
const SIGNED_OUT_PAGES = new Set([paths.login(), paths.signup(), paths.clearAuth()]);
if (!SIGNED_OUT_PAGES.has(pagePath(window.location.pathname))) {
  void import('./shell/guards');
  void import('./shell/page-shell');
}

const startApp = () => void import('./main');
// A signed-in landing page arrives with its frame painted by the server (src/server/page-frame.ts):
// the browser shows it first, then the app is evaluated.
if (document.getElementById(PAGE_FRAME_ID)) requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
