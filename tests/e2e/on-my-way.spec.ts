import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { apiClient, joinWorkspace } from './support/api';
import { auditPage } from './support/axe';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';
import { openControlled } from './support/service-worker';

// 'On my way' at 390×844: a technician, offline, taps 'On my way' on a visit's Today
// card and picks 30 minutes. The card shows the arrival at once, waiting to send; back online the
// outbox sends it (POST /api/visits/{id}/on-my-way with its Idempotency-Key) and the client's
// message exists exactly once. Needs the server's on-my-way endpoint and the client messages
// (GET /api/visits/{id}/messages) on the server.

test('a technician taps On my way offline and picks 30 min; it is sent once on reconnect', async ({
  page,
  context,
  server,
  user: _technician,
  playwright,
}) => {
  test.setTimeout(120_000);
  // The office: an owner with a client (with an address) at a property, and the technician's visit.
  const office = await playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { origin: server.baseURL },
  });
  await signUpViaApi(office, server, { email: newEmail('office'), password: 'quiet-harbour-7' });
  const workspaceId = await joinWorkspace(office, page.request, server.baseURL, 'technician');
  // The technician works there: it is the workspace their app opens in.
  const chosen = await page.request.put('/api/me/workspace', { data: { workspaceId } });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  const api = apiClient(office, server.baseURL);
  const suffix = Math.random().toString(36).slice(2, 7);
  const client = await api.post('/api/clients', { name: `Ann Client ${suffix}`, email: newEmail('client') });
  const property = await api.post('/api/properties', {
    name: `Kestrel Lodge ${suffix}`,
    address: '9 Moor Lane',
    clientId: client.id,
  });
  const visit = await api.post('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 40 * 60_000).toISOString(),
    assigneeIds: [me.id],
  });

  await openControlled(page, '/today');
  const card = page.getByRole('article', { name: `Kestrel Lodge ${suffix}` });
  await expect(card.getByRole('button', { name: 'On my way' })).toBeVisible();
  await page.waitForTimeout(1200); // the persister writes at most every 500 ms

  // A CDP session before going offline: a new one would end the emulation (proof-of-visit.spec.ts).
  await context.newCDPSession(page);
  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'On my way' }).click();
  const choices = card.getByRole('group', { name: 'Arriving in about' });
  for (const label of ['15 min', '30 min', '45 min', '60 min']) {
    const box = (await choices.getByRole('button', { name: label }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  const audit = await auditPage(page, '/today (On my way: the choices)', { settle: false });
  expect(audit.details).toEqual([]);
  const tapped = Date.now();
  await choices.getByRole('button', { name: '30 min' }).click();
  const pending = card.getByText(/^On my way · arriving about \d{1,2}:\d{2}\s?[AP]M \(waiting to send\)$/);
  await expect(pending).toBeVisible();
  const shown = (await pending.textContent())!;
  // Times are shown on the business's clock (its time zone), not the browser's.
  const { workspace } = (await (await page.request.get('/api/me')).json()) as { workspace: { timeZone: string } };
  const expected = new Date(tapped + 30 * 60_000).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: workspace.timeZone,
  });
  expect(shown.replace(/\s/g, ' ')).toContain(expected.replace(/\s/g, ' '));
  await expect(card.getByRole('button', { name: 'On my way' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pending changes \(1\)$/ })).toBeVisible();

  const posts: { body: unknown; key: string | undefined }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/visits/${visit.id}/on-my-way`)) {
      posts.push({ body: request.postDataJSON(), key: request.headers()['idempotency-key'] });
    }
  });
  await context.setOffline(false);
  // The outbox sends it as soon as the network is back: { etaMinutes } with its Idempotency-Key.
  await expect.poll(() => posts.length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(posts[0]).toEqual({ body: { etaMinutes: 30 }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  // Sent: the card says when, from the server's answer, with nothing waiting.
  await expect(card.getByText(/^On my way · arriving about \d{1,2}:\d{2}\s?[AP]M$/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0);

  const detail = (await (await page.request.get(`/api/visits/${visit.id}`)).json()) as VisitDetailDto;
  expect(detail.onMyWayAt).not.toBeNull();
  expect(Date.parse(detail.etaAt!) - Date.parse(detail.onMyWayAt!)).toBe(30 * 60_000);
  // The client's message: one, and sent by the worker (it looks right after the change; a poll of
  // its status may still find it 'sending').
  const onMyWay = async () => {
    const messages = (await (await office.get(`/api/visits/${visit.id}/messages`)).json()) as {
      items: { kind: string; status: string }[];
    };
    return messages.items.filter((item) => item.kind === 'on_my_way').map((item) => item.status);
  };
  await expect.poll(onMyWay, { timeout: 15_000 }).toEqual(['sent']);
  // Every attempt carried the same key (a replay is answered, not acted on, by the server).
  expect(new Set(posts.map((post) => post.key)).size).toBe(1);
  await office.dispose();
});
