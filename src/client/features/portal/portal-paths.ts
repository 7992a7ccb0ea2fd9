// The portal's own paths. Not in client/paths.ts: that file is in every page's first
// load (boot), and /login is at its script budget (tests/e2e/bundle-budget.spec.ts); these load
// with the portal, and with the visit requests page that schedules one.
export const portalPaths = {
  home: () => '/portal',
  visit: (id: string) => `/portal/visits/${id}`,
  invoices: () => '/portal/invoices',
  request: () => '/portal/request',
};
