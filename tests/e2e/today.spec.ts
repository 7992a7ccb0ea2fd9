import type { APIRequestContext } from '@playwright/test';
import { VISIT_MESSAGES } from '../../src/shared/messages/visits';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { apiClient, propertyWithVisit } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// /today reads as the day's route on a 390×844 phone: compact cards in time order, the
// next stop marked, a completed visit locked until an owner or manager reopens it.

// The visits below are made 'in N minutes' on the run's clock: the business keeps that clock, so
// they are on its today (the page shows the business's days).
test.use({ businessZone: process.env.ROUNDS_E2E_TIME_ZONE });

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function visitDetail(request: APIRequestContext, baseURL: string, id: string) {
  const response = await request.get(`${baseURL}/api/visits/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as VisitDetailDto;
}

/** A property with two tasks and one visit of the user's at `scheduledAt` (its set-up visit tomorrow removed). */
async function stop(request: APIRequestContext, baseURL: string, name: string, scheduledAt: string) {
  const api = apiClient(request, baseURL);
  const { property, visit: tomorrow } = await propertyWithVisit(request, baseURL, name);
  await api.delete(`/api/visits/${tomorrow.id}`);
  const visit = await api.post('/api/visits', { propertyId: property.id, scheduledAt });
  return { name: property.name, visit: await visitDetail(request, baseURL, visit.id) };
}

test('Today: three visits in time order, the next one marked, a completed one locked until the owner reopens it', async ({
  page,
  server,
  user: _user,
}) => {
  test.setTimeout(90_000);
  const api = apiClient(page.request, server.baseURL);
  // Made out of order: the page orders them by time.
  const later = await stop(page.request, server.baseURL, 'Mill House', inMinutes(60));
  const done = await stop(page.request, server.baseURL, 'Ash Farm', inMinutes(-30));
  const next = await stop(page.request, server.baseURL, 'Brook Lodge', inMinutes(30));
  for (const task of done.visit.tasks) {
    await api.patch(`/api/visits/${done.visit.id}/tasks/${task.id}`, { status: 'completed' });
  }
  await api.patch(`/api/visits/${done.visit.id}`, { status: 'completed' });
  // The next stop's property has a client; its card names them with one tap to call.
  const client = await api.post('/api/clients', { name: 'Grace Hopper', phone: '+1 555 0142', email: 'g@example.com' });
  await api.patch(`/api/properties/${next.visit.propertyId}`, {
    name: next.name,
    address: next.visit.property.address,
    city: next.visit.property.city,
    clientId: client.id,
  });

  await page.goto('/today');
  // One heading says Today: the page's, not the day group's too.
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Today' })).toHaveCount(1);

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toHaveAccessibleName(done.name);
  await expect(cards.nth(1)).toHaveAccessibleName(next.name);
  await expect(cards.nth(2)).toHaveAccessibleName(later.name);

  // The next stop: marked for the eye ('Next') and for assistive technology (aria-current).
  await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
  const nextCard = page.getByRole('article', { name: next.name });
  await expect(nextCard).toHaveAttribute('aria-current', 'step');
  await expect(nextCard.getByText('Next', { exact: true })).toBeVisible();
  await expect(nextCard.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(nextCard.getByText('0/2 tasks done')).toBeVisible();
  await expect(nextCard.getByText('Client: Grace Hopper')).toBeVisible();
  const call = nextCard.getByRole('link', { name: 'Call Grace Hopper' });
  await expect(call).toHaveAttribute('href', 'tel:+15550142');
  expect((await call.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // only the name and the call: no e-mail on the card
  await expect(nextCard.getByRole('link', { name: 'E-mail Grace Hopper' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: later.name }).getByText(/^Client:/)).toHaveCount(0);
  // It starts open at its tasks; the others are compact.
  await expect(nextCard.getByRole('checkbox')).toHaveCount(2);
  await expect(page.getByRole('article', { name: later.name }).getByRole('checkbox')).toHaveCount(0);

  // Every card: time, address, Directions (a 44 px target to the maps), tasks done and status.
  for (const { name } of [done, next, later]) {
    const card = page.getByRole('article', { name });
    await expect(card.getByText('12 Quay Road, Portsmouth')).toBeVisible();
    const directions = card.getByRole('link', { name: `Directions to ${name}` });
    await expect(directions).toHaveText('Directions');
    await expect(directions).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12%20Quay/,
    );
    expect((await directions.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  // The completed visit is collapsed and shows its lock.
  const doneCard = page.getByRole('article', { name: done.name });
  await expect(doneCard.getByText('2/2 tasks done')).toBeVisible();
  await expect(doneCard.getByText('Locked', { exact: true })).toBeVisible();
  const openDone = doneCard.getByRole('button', { name: 'Tasks, notes and photos' });
  await expect(openDone).toHaveAttribute('aria-expanded', 'false');

  expect((await auditPage(page, '/today')).details).toEqual([]);

  // Opened: its ticks cannot be undone, and the server refuses too.
  await openDone.click();
  await expect(doneCard.getByText(VISIT_MESSAGES.locked)).toBeVisible();
  const tick = doneCard.getByRole('checkbox', { name: done.visit.tasks[0]!.name });
  await expect(tick).toBeChecked();
  await expect(tick).toBeDisabled();
  const refused = await page.request.patch(
    `${server.baseURL}/api/visits/${done.visit.id}/tasks/${done.visit.tasks[0]!.id}`,
    { data: { status: 'pending' } },
  );
  expect(refused.status()).toBe(409);

  // The owner reopens it: in progress again, and the tick can be undone.
  await doneCard.getByRole('button', { name: 'Reopen visit' }).click();
  await expect(doneCard.getByText('In progress', { exact: true })).toBeVisible();
  await expect(doneCard.getByText('Locked', { exact: true })).toHaveCount(0);
  await expect(tick).toBeEnabled();
  await tick.click();
  await expect(tick).not.toBeChecked();
  await expect
    .poll(async () => (await visitDetail(page.request, server.baseURL, done.visit.id)).tasks[0]!.status)
    .toBe('pending');
  // In progress and earlier than the others: it is the next stop now.
  await expect(doneCard).toHaveAttribute('aria-current', 'step');

  // axe at a desktop width too.
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await auditPage(page, '/today at 1280 px')).details).toEqual([]);
});
