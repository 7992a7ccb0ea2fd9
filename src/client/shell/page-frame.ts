import { PAGE_FRAME_ID } from '../../shared/page-titles';

/**
 * Takes away the frame the server painted into a landing page's HTML (src/server/page-frame.ts)
 * once the app draws the page itself, or a redirect or an error instead. The user-timing mark
 * tells the benchmark when the real page took over (bench/web-vitals.mjs).
 */
export function removePageFrame() {
  const frame = document.getElementById(PAGE_FRAME_ID);
  if (!frame) return;
  frame.remove();
  performance.mark('page-frame-removed');
}
