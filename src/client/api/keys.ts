// The root query key of every area. Each area's file builds its key factory on its root;
// a change in one area that shows in another invalidates that area by its root, so no area
// file needs another's (and none can import another in a circle).

export const areaKeys = {
  me: ['me'] as const,
  dashboard: ['dashboard'] as const,
  notifications: ['notifications'] as const,
  properties: ['properties'] as const,
  clients: ['clients'] as const,
  tasks: ['tasks'] as const,
  visits: ['visits'] as const,
  photos: ['photos'] as const,
  notes: ['notes'] as const,
  invoices: ['invoices'] as const,
  attachables: ['attachables'] as const,
  invitations: ['invitations'] as const,
  workspaces: ['workspaces'] as const,
  secondaryProfiles: ['secondary-profiles'] as const,
  adminUsers: ['admin-users'] as const,
  testDb: ['test-db'] as const,
  visitRequests: ['visit-requests'] as const,
};
