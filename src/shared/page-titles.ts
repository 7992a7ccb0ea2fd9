// The headings of the pages a user lands on after signing in. The server paints each one in the
// HTML of a signed-in visit (src/server/page-frame.ts) before the JavaScript has run, and the
// page's own heading replaces it: both come from here, so they cannot differ.
export const PAGE_TITLES = { dashboard: 'Dashboard', today: 'Today' } as const;

/** The id of that frame's element, which the app removes once it has drawn the page. */
export const PAGE_FRAME_ID = 'page-frame';

/** An address's path as the pages are named: `/dashboard/` is `/dashboard`; `/` stays `/`. */
export const pagePath = (pathname: string) => pathname.replace(/(.)\/$/, '$1');
