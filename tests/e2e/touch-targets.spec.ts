import type { Page } from '@playwright/test';
import { apiClient, propertyWithVisit, uploadPhoto } from './support/api';
import { expect, test } from './support/fixtures';

// On a 390×844 phone every button, link and form control of the main pages is a
// target of at least 44×44 px (WCAG 2.5.5). Measured, not assumed: each visible control's box.
// Exempt, as WCAG 2.5.8 allows: a link inside a sentence (the inline exception: its size is set
// by the line of text around it). A check box or radio is pressed through its label too, so its
// target is its box and its label's together.

const MIN = 44;

/** Every visible control on the page that is smaller than 44×44 px, described for the report. */
function offenders(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="combobox"]',
      '[role="menuitem"]',
      'summary',
    ].join(',');
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) return false;
      // Visually hidden text for assistive technology (1×1 px, clipped) is not a target.
      if (rect.width <= 1 && rect.height <= 1) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && Number(style.opacity) > 0 && !element.closest('[aria-hidden="true"]');
    };
    const union = (rects: DOMRect[]) => {
      const left = Math.min(...rects.map((rect) => rect.left));
      const top = Math.min(...rects.map((rect) => rect.top));
      const right = Math.max(...rects.map((rect) => rect.right));
      const bottom = Math.max(...rects.map((rect) => rect.bottom));
      return { width: right - left, height: bottom - top };
    };
    const seen = new Set<Element>();
    const found: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (seen.has(element) || !visible(element)) continue;
      seen.add(element);
      // WCAG 2.5.8's inline exception: a link in a sentence.
      if (element.tagName === 'A' && element.closest('p')) continue;
      let box: { width: number; height: number } = element.getBoundingClientRect();
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
        const labels = [...(element.labels ?? [])].filter(visible);
        box = union([element.getBoundingClientRect(), ...labels.map((label) => label.getBoundingClientRect())]);
      }
      if (Math.round(box.width) >= min && Math.round(box.height) >= min) continue;
      const name =
        element.getAttribute('aria-label') ||
        (element as HTMLElement).innerText?.trim().split('\n')[0] ||
        element.getAttribute('title') ||
        (element instanceof HTMLInputElement ? element.labels?.[0]?.innerText.trim() || element.type : '') ||
        element.tagName.toLowerCase();
      found.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return found;
  }, MIN);
}

test('every button, link and form control of the main pages is at least 44×44 px at 390 px', async ({
  page,
  server,
  user: _user,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const api = apiClient(page.request, server.baseURL);
  const { property, visit } = await propertyWithVisit(page.request, server.baseURL, 'Dune Cottage');
  await uploadPhoto(page.request, server.baseURL, { type: 'visit', id: visit.id }, 'Boiler label');
  const invoice = await api.post('/api/invoices', { propertyId: property.id });
  await api.post('/api/notes', { content: 'Gate code 1234', attachableType: 'visit', attachableId: visit.id });
  // A client of the property, so its page, the property's and the visit's show Call, Text and E-mail.
  const client = await api.post('/api/clients', { name: 'Ada Lovelace', phone: '555-0100', email: 'ada@example.com' });
  await api.patch(`/api/properties/${property.id}`, {
    name: 'Dune Cottage',
    address: '12 Quay Road',
    city: 'Portsmouth',
    clientId: client.id,
  });

  const routes = [
    '/dashboard',
    '/today',
    '/resources/properties',
    `/resources/properties/${property.id}`,
    '/resources/clients',
    `/resources/clients/${client.id}`,
    '/resources/tasks',
    '/resources/visits',
    `/resources/visits/${visit.id}`,
    '/resources/calendar',
    '/resources/invoices',
    `/resources/invoices/${invoice.id}`,
    '/resources/notes',
    '/resources/photos',
    '/resources/profile',
    '/settings',
    '/settings/members',
  ];
  const report: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[role="status"][aria-label^="Loading"], [aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const offender of await offenders(page)) report.push(`${route}: ${offender}`);
  }
  expect(report).toEqual([]);
});
