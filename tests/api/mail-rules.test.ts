import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { mailSends, workspaces } from '../../src/server/db/schema';
import { MAIL_LIMITS } from '../../src/shared/constants';
import { IDENTITY_MESSAGES } from '../../src/shared/messages/identity';
import type { InvoiceDetailDto } from '../../src/shared/schemas/invoices';
import {
  addVisitTask,
  createInvoiceRow,
  createProperty,
  createTask,
  createUser,
  createVisit,
  uniqueEmail,
  type TestUser,
} from '../support/factories';
import { mailsTo } from '../support/outbox';
import { startSmtp } from '../support/smtp';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

// "mail that cannot be abused": a brand-new account once sent invoices with no visits,
// its own words in the subject, to 30 addresses in 1.2 s, from 'Rounds <rounds@localhost>'.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A draft invoice of a property of `owner` with one completed, billed visit. */
async function billableInvoice(app: TestApp, owner: TestUser, propertyName = 'Mail Manor') {
  const property = await createProperty(app, owner, { name: propertyName });
  const visit = await createVisit(app, property.id, { lead: owner, status: 'completed' });
  await addVisitTask(app, visit.id, (await createTask(app, owner)).id, { price: 2500, status: 'completed' });
  const response = await app.request('/api/invoices', {
    cookie: owner.cookie,
    body: { propertyId: property.id, visitIds: [visit.id] },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as InvoiceDetailDto;
}

const send = (app: TestApp, user: TestUser, invoiceId: string, to = uniqueEmail('payer')) =>
  app.request(`/api/invoices/${invoiceId}/send`, { cookie: user.cookie, body: { to } });

describe('who may send', () => {
  it('an unverified sender sends nothing (403), and nothing is recorded', async () => {
    const owner = await createUser(t, { verified: false });
    const invoice = await billableInvoice(t, owner);
    const to = uniqueEmail('victim');
    const response = await send(t, owner, invoice.id, to);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { message: IDENTITY_MESSAGES.verifyToSend } });
    expect(await mailsTo(t.config.dataDir, to)).toEqual([]);
    expect(await t.db.$count(mailSends, and(eq(mailSends.userId, owner.id), eq(mailSends.kind, 'invoice')))).toBe(0);
  });

  it('an invoice with no visit cannot be sent (409)', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner, { name: 'URGENT: your account is suspended' });
    const empty = await createInvoiceRow(t, property.id);
    const to = uniqueEmail('victim');
    const response = await send(t, owner, empty.id, to);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { message: IDENTITY_MESSAGES.invoiceWithoutVisits } });
    expect(await mailsTo(t.config.dataDir, to)).toEqual([]);
  });
});

describe('per-sender limits, kept in the database', () => {
  it(`${MAIL_LIMITS.perHour} an hour across invitations and invoices and across server processes, then 429 with minutes`, async () => {
    const owner = await createUser(t);
    // A second app on the same database: another server process, sharing nothing in memory.
    const other = createApp({ config: t.config, db: t.db, auth: t.auth, storage: t.storage });
    const otherRequest = (url: string, cookie: string, body: unknown) =>
      other.request(url, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const statuses: number[] = [];
    for (let index = 0; index < MAIL_LIMITS.perHour - 1; index += 1) {
      const url = `/api/workspaces/${owner.workspaceId}/invitations`;
      const body = { email: uniqueEmail(`invitee${index}`), role: 'technician' };
      const response =
        index % 2 === 0
          ? await t.request(url, { cookie: owner.cookie, body })
          : await otherRequest(url, owner.cookie, body);
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 202)).toBe(true);
    const invoice = await billableInvoice(t, owner);
    expect((await send(t, owner, invoice.id)).status).toBe(200);

    const over = await otherRequest(`/api/invoices/${invoice.id}/send`, owner.cookie, { to: uniqueEmail('more') });
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { message: string } }).error.message).toMatch(
      /^You have sent too many e-mails; try again in (59|60) minutes$/,
    );
    const invitedOver = await t.request(`/api/workspaces/${owner.workspaceId}/invitations`, {
      cookie: owner.cookie,
      body: { email: uniqueEmail('late'), role: 'technician' },
    });
    expect(invitedOver.status).toBe(429);
    // Another sender is not held back.
    const someoneElse = await createUser(t);
    expect((await send(t, someoneElse, (await billableInvoice(t, someoneElse)).id)).status).toBe(200);
  });

  it(`${MAIL_LIMITS.perDay} a day`, async () => {
    const owner = await createUser(t);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    await t.db.insert(mailSends).values(
      Array.from({ length: MAIL_LIMITS.perDay - 1 }, (_, index) => ({
        userId: owner.id,
        kind: 'invoice' as const,
        recipient: `old${index}@example.com`,
        createdAt: hoursAgo(index === 0 ? 20 : 2),
      })),
    );
    const invoice = await billableInvoice(t, owner);
    expect((await send(t, owner, invoice.id)).status).toBe(200);
    const over = await send(t, owner, invoice.id);
    expect(over.status).toBe(429);
    // The oldest of the day's mails leaves the window in about 4 hours.
    const minutes = Number(
      /in (\d+) minutes/.exec(((await over.json()) as { error: { message: string } }).error.message)?.[1],
    );
    expect(minutes).toBeGreaterThan(235);
    expect(minutes).toBeLessThanOrEqual(240);
  });

  it('concurrent sends cannot pass the limit together', async () => {
    const owner = await createUser(t);
    const responses = await Promise.all(
      Array.from({ length: MAIL_LIMITS.perHour + 5 }, (_, index) =>
        t.request(`/api/workspaces/${owner.workspaceId}/invitations`, {
          cookie: owner.cookie,
          body: { email: uniqueEmail(`rush${index}`), role: 'technician' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(MAIL_LIMITS.perHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(await t.db.$count(mailSends, and(eq(mailSends.userId, owner.id), eq(mailSends.kind, 'invitation')))).toBe(
      MAIL_LIMITS.perHour,
    );
  });
});

describe('what the message says of its sender', () => {
  it("From: MAIL_FROM's address with the business's name, Reply-To: the sender; no user text makes a header", async () => {
    const smtp = await startSmtp();
    const app = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Rounds Billing <billing@rounds.example>' });
    try {
      const owner = await createUser(app, { name: 'Ada Lovelace' });
      // An invoice comes from the business, whose name is user text too.
      await app.db
        .update(workspaces)
        .set({ name: 'Lovelace Gardens\r\nBcc: victim@example.com' })
        .where(eq(workspaces.id, owner.workspaceId));
      const invoice = await billableInvoice(app, owner, 'Evil\r\nBcc: victim@example.com\r\nX-Injected: yes');
      const to = uniqueEmail('payer');
      expect((await send(app, owner, invoice.id, to)).status).toBe(200);
      const mail = smtp.received.find((candidate) => candidate.subject?.includes(invoice.invoiceNumber))!;
      expect(mail.from?.value).toEqual([
        { name: 'Lovelace Gardens Bcc: victim@example.com', address: 'billing@rounds.example' },
      ]);
      expect(mail.replyTo?.value).toEqual([{ name: '', address: owner.email }]);
      expect(mail.headers.has('bcc')).toBe(false);
      expect(mail.headers.has('x-injected')).toBe(false);
      expect(mail.subject).toBe(
        `Invoice ${invoice.invoiceNumber} from Lovelace Gardens Bcc: victim@example.com for Evil Bcc: victim@example.com X-Injected: yes`,
      );
      expect(smtp.received.every((received) => !JSON.stringify(received.to).includes('victim@example.com'))).toBe(true);
    } finally {
      await app.close();
      await smtp.stop();
    }
  });

  it('the .eml outbox holds the same headers', async () => {
    const owner = await createUser(t, { name: 'Outbox Sender' });
    const invoice = await billableInvoice(t, owner, 'Line\nBreak');
    const to = uniqueEmail('payer');
    expect((await send(t, owner, invoice.id, to)).status).toBe(200);
    const [mail] = await mailsTo(t.config.dataDir, to);
    expect(mail?.from?.value[0]).toEqual({ name: 'Outbox Sender', address: 'rounds@localhost' });
    expect(mail?.replyTo?.value[0]?.address).toBe(owner.email);
    const raw = readdirSync(path.join(t.config.dataDir, 'outbox'))
      .map((name) => readFileSync(path.join(t.config.dataDir, 'outbox', name), 'utf8'))
      .find((text) => text.includes(invoice.invoiceNumber))!;
    const headerBlock = raw.slice(0, raw.indexOf('\n\n'));
    expect(headerBlock).not.toMatch(/^Break/m);
  });
});
