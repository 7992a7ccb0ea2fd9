import { apiClient, propertyWithVisit, uploadPhoto } from './support/api';
import { auditPage, writeAxeTable, type AxeRow } from './support/axe';
import { expect, test } from './support/fixtures';

// Axe reports no serious or critical violation, and there is exactly one
// `main`, on every route, signed in with real data, at phone and desktop widths.
// (The admin pages are checked in admin.spec.ts, where an admin exists.)

const PUBLIC_ROUTES = ['/login', '/signup'];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`every route at ${viewport.width} px has no serious or critical axe violation and one main`, async ({
    page,
    browser,
    server,
    user: _user,
  }) => {
    // About 40 routes, each settled and audited: 2.1 min alone on this 2-core machine, more beside a second worker.
    test.setTimeout(360_000);
    await page.setViewportSize(viewport);
    const { property, tasks, visit } = await propertyWithVisit(page.request, server.baseURL);
    const profile = await apiClient(page.request, server.baseURL).post('/api/secondary-profiles', {
      displayName: 'Weekend Contact',
      email: 'weekend@example.com',
    });
    const task = tasks[0]!.id;
    const photo = await uploadPhoto(page.request, server.baseURL, { type: 'visit', id: visit.id }, 'Boiler label');
    const invoice = await apiClient(page.request, server.baseURL).post('/api/invoices', { propertyId: property.id });
    const note = await apiClient(page.request, server.baseURL).post('/api/notes', {
      content: 'Gate code 1234',
      attachableType: 'visit',
      attachableId: visit.id,
    });
    // A client of the property (its page, the property's and the visit's show it).
    const client = await apiClient(page.request, server.baseURL).post('/api/clients', {
      name: 'Ada Lovelace',
      phone: '555-0100',
      email: 'ada@example.com',
    });
    await apiClient(page.request, server.baseURL).patch(`/api/properties/${property.id}`, {
      name: 'Harbour House',
      address: '12 Quay Road',
      city: 'Portsmouth',
      clientId: client.id,
    });
    const routes = [
      '/dashboard',
      '/today',
      '/resources/properties',
      '/resources/properties/new',
      `/resources/properties/${property.id}`,
      `/resources/properties/${property.id}/edit`,
      `/resources/properties/${property.id}/tasks`,
      '/resources/clients',
      '/resources/clients/new',
      `/resources/clients/${client.id}`,
      `/resources/clients/${client.id}/edit`,
      '/resources/tasks',
      '/resources/tasks/new',
      `/resources/tasks/${task}`,
      `/resources/tasks/${task}/edit`,
      `/resources/tasks/${task}/assign`,
      `/resources/tasks/${task}/add-to-visit`,
      '/resources/visits',
      '/resources/visits/new',
      `/resources/visits/new-series?property=${property.id}`,
      '/resources/calendar',
      `/resources/visits/${visit.id}`,
      `/resources/visits/${visit.id}/edit`,
      `/resources/visits/${visit.id}/tasks`,
      '/resources/invoices',
      '/resources/invoices/new',
      `/resources/invoices/${invoice.id}`,
      `/resources/invoices/${invoice.id}/edit`,
      '/resources/notes',
      '/resources/notes/new',
      `/resources/notes/new?type=visit&id=${visit.id}`,
      `/resources/notes/${note.id}`,
      `/resources/notes/${note.id}/edit`,
      '/resources/photos',
      '/resources/photos/upload',
      `/resources/photos/${photo.id}`,
      '/resources/profile',
      '/resources/profiles',
      '/resources/profiles/new',
      `/resources/profiles/${profile.id}`,
      `/resources/profiles/${profile.id}/edit`,
      '/test-db',
      // The business settings and the members of the workspace (the user owns it).
      '/settings',
      '/settings/members',
    ];

    const rows: AxeRow[] = [];
    const failures: string[] = [];
    const audit = async (target: typeof page, route: string) => {
      await target.goto(route);
      const { details, ...row } = await auditPage(target, route.replace(/[0-9a-f-]{36}/g, '{id}'));
      rows.push(row);
      if (row.serious + row.critical > 0) failures.push(`${row.route}: ${details.join('; ')}`);
      if (row.mains !== 1) failures.push(`${row.route}: ${row.mains} main landmarks`);
    };
    for (const route of routes) await audit(page, route);

    const signedOut = await browser.newContext({ viewport, baseURL: server.baseURL });
    try {
      const anonymous = await signedOut.newPage();
      for (const route of PUBLIC_ROUTES) await audit(anonymous, route);
      // The 404 page leaves after 2 s: it is checked as soon as it shows.
      await anonymous.goto('/this-page-does-not-exist');
      await expect(anonymous.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      // Landmarks are counted before axe runs: on a loaded machine the audit can outlast the 2 s.
      const mains = await anonymous.getByRole('main').count();
      const { details, ...row } = await auditPage(anonymous, '/this-page-does-not-exist', { settle: false });
      rows.push({ ...row, mains });
      if (row.serious + row.critical > 0) failures.push(`404: ${details.join('; ')}`);
      if (mains !== 1) failures.push(`404: ${mains} main landmarks`);
    } finally {
      await signedOut.close();
    }

    writeAxeTable(`${viewport.width}`, rows);
    expect(failures).toEqual([]);
  });
}
