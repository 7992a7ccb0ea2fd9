/**
 * The text the app draws as a landing page's main content carries an Element Timing
 * name, so `bench/web-vitals.mjs` can tell when the app itself (not the server's frame) has drawn
 * it. One name per page, on its first row only.
 */
export const MAIN_CONTENT = {
  dashboard: 'dashboard-upcoming-first',
  today: 'today-first-stop',
} as const;

/** The attribute to spread on an element; React passes `elementtiming` through to the DOM. */
export const elementTiming = (name: (typeof MAIN_CONTENT)[keyof typeof MAIN_CONTENT] | undefined) =>
  name ? ({ elementtiming: name } as Record<string, string>) : {};
