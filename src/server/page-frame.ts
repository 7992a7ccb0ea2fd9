import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { PAGE_FRAME_ID, PAGE_TITLES, pagePath } from '../shared/page-titles';

// A signed-in visit to a landing page gets its frame in the HTML (the header bar, the
// page's heading, the phone's navigation bar), painted as soon as the HTML and the stylesheet
// have arrived, instead of a blank screen until the JavaScript has run (about 1.9 s on a phone
// at 4× CPU, bench/README.md). It is a picture only: hidden from assistive technology, with
// nothing to press, laid over the page until the app has checked the session and drawn the page
// itself (`removePageFrame`, src/client/shell/page-frame.ts).

/** The pages that get a frame, with what their header shows: the dashboard's brand or the back link. */
const FRAMED_PAGES: Record<string, { title: string; home: boolean }> = {
  '/dashboard': { title: PAGE_TITLES.dashboard, home: true },
  '/today': { title: PAGE_TITLES.today, home: false },
};

// The sizes are those of the page shell (src/client/shell/shell.module.css and page-shell.tsx):
// a 46 px header row, the 54 px row of links on wide screens, the heading 16 px into the page;
// on a phone one 56 px header row holding the back icon and the heading, and the 57 px
// bar along the bottom. Mantine's stylesheet gives the variables and the heading's own class.
const FRAME_CSS = `
#${PAGE_FRAME_ID}{position:fixed;inset:0;z-index:1000;overflow:hidden;background:var(--mantine-color-body)}
#${PAGE_FRAME_ID} .frame-header{border-bottom:1px solid var(--mantine-color-gray-3)}
#${PAGE_FRAME_ID} .frame-row{display:flex;align-items:center;gap:var(--mantine-spacing-xs);height:46px;padding-inline:var(--mantine-spacing-md)}
#${PAGE_FRAME_ID} .frame-brand{font-weight:700}
#${PAGE_FRAME_ID} .frame-back{display:inline-flex;align-items:center;gap:6px;min-height:44px;font-size:var(--mantine-font-size-sm);color:var(--mantine-color-anchor)}
#${PAGE_FRAME_ID} .frame-title{display:none}
#${PAGE_FRAME_ID} .frame-links{height:54px}
#${PAGE_FRAME_ID} .frame-main{max-width:71.25rem;margin-inline:auto;padding:var(--mantine-spacing-md)}
#${PAGE_FRAME_ID} .frame-bottom{display:none}
@media (max-width:600px){
#${PAGE_FRAME_ID} .frame-row{height:55px;gap:4px;padding-inline:var(--mantine-spacing-xs)}
#${PAGE_FRAME_ID} .frame-brand,#${PAGE_FRAME_ID} .frame-back-label,#${PAGE_FRAME_ID} .frame-links,#${PAGE_FRAME_ID} .frame-main h1{display:none}
#${PAGE_FRAME_ID} .frame-back{justify-content:center;width:44px;font-size:20px}
#${PAGE_FRAME_ID} .frame-title{display:block;flex:1 1 0;min-width:0;overflow-wrap:break-word}
#${PAGE_FRAME_ID} .frame-bottom{display:block;position:fixed;left:0;right:0;bottom:0;height:calc(57px + env(safe-area-inset-bottom));border-top:1px solid var(--mantine-color-gray-3)}
}`.replace(/\n/g, '');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Mantine's Title as it renders `order={1}` at `size` (h2 in the page, h4 in a phone's header). */
const heading = (title: string, size: 'h2' | 'h4', className = '') =>
  `<h1 class="m_8a5d1357 mantine-Title-root${className}" data-size="${size}" data-order="1" ` +
  `style="--title-fw: var(--mantine-${size}-font-weight); --title-lh: var(--mantine-${size}-line-height); ` +
  `--title-fz: var(--mantine-${size}-font-size);">${escapeHtml(title)}</h1>`;

function frameHtml({ title, home }: { title: string; home: boolean }): string {
  const start = home
    ? '<span class="frame-brand">Rounds</span>'
    : '<span class="frame-back">←<span class="frame-back-label"> Back to Dashboard</span></span>';
  return (
    `<div id="${PAGE_FRAME_ID}" aria-hidden="true"><style>${FRAME_CSS}</style>` +
    `<div class="frame-header"><div class="frame-row">${start}${heading(title, 'h4', ' frame-title')}</div>` +
    '<div class="frame-links"></div></div>' +
    `<div class="frame-main">${heading(title, 'h2')}</div>` +
    '<div class="frame-bottom"></div></div>'
  );
}

interface Encoded {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * The built `index.html` of each framed page, with its frame, in every encoding we serve,
 * made once at start-up. Null when the page has no frame.
 */
export function pageFrames(clientDir: string): (pathname: string) => Encoded | null {
  const index = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const byPath = new Map<string, Encoded>();
  for (const [pathname, page] of Object.entries(FRAMED_PAGES)) {
    const html = Buffer.from(index.replace('<body>', `<body>${frameHtml(page)}`));
    byPath.set(pathname, {
      identity: html,
      gzip: gzipSync(html, { level: 9 }),
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    });
  }
  return (pathname) => byPath.get(pagePath(pathname)) ?? null;
}

/** Answers with `page`'s HTML in the best encoding the browser accepts. */
export function sendFramed(c: Context, page: Encoded): Response {
  const accepted = c.req.header('accept-encoding') ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    // The same address answers differently signed in and out.
    Vary: 'Cookie, Accept-Encoding',
  };
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  return c.body(new Uint8Array(page[encoding]), 200, headers);
}
