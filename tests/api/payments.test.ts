import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, paymentEvents, portalSessions, staffNotifications } from '../../src/server/db/schema';
import { PORTAL_COOKIE, sha256 } from '../../src/server/modules/portal/portal-links';
import type { InvoiceDetailDto } from '../../src/shared/schemas/invoices';
import { INVOICE_MESSAGES } from '../../src/shared/messages/invoices';
import { apiAs } from '../support/api';
import {
  addMember,
  createClientRow,
  createInvoiceRow,
  createProperty,
  createUser,
  type TestUser,
} from '../support/factories';
import { startFakeStripe, type FakeEvent, type FakeStripe } from '../support/fake-stripe';
import { json } from '../support/json';
import { createTestApp, type TestApp } from '../support/test-app';

// Card payments through the provider: the portal's checkout, the signed webhook applied once per
// event in any order, unapplied payments refunded, owners' refunds, and corrections of payments
// recorded by hand with their audit trail. Stripe is the tests' fake (tests/support/fake-stripe.ts)
// behind the real SDK; signatures are real.

let t: TestApp;
let fake: FakeStripe;
let owner: TestUser;
let manager: TestUser;
let tech: TestUser;
let stranger: TestUser;
let propertyId: string;
let clientCookie: string;
let strangerInvoiceId: string;

const WEBHOOK = '/api/payments/webhooks/stripe';

/** A webhook delivery as Stripe's servers send it: no Origin, no cookie. */
const post = (body: string, signature?: string) =>
  t.app.request(WEBHOOK, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });
const deliver = async (made: FakeEvent) => {
  const { body, signature } = fake.sign(made);
  return post(body, signature);
};

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(fake.env);
  fake.deliverTo(async (body, signature) => {
    const answer = await post(body, signature);
    if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}: ${await answer.text()}`);
  });
  owner = await createUser(t, { name: 'Olive Owner' });
  manager = await createUser(t);
  tech = await createUser(t);
  stranger = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager', owner);
  await addMember(t, owner.workspaceId, tech, 'technician', owner);
  propertyId = (await createProperty(t, owner, { name: 'Card Court', address: '1 Card Court' }, [tech])).id;
  const client = await createClientRow(t, owner.workspaceId, { name: 'Carla Client', email: 'carla@example.com' }, [
    propertyId,
  ]);
  const token = randomBytes(24).toString('base64url');
  await t.db.insert(portalSessions).values({
    workspaceId: owner.workspaceId,
    clientId: client.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  clientCookie = `${PORTAL_COOKIE}=${token}`;
  const elsewhere = await createProperty(t, stranger, { name: 'Elsewhere' });
  strangerInvoiceId = (
    await createInvoiceRow(t, elsewhere.id, { status: 'sent', subtotal: 5000, taxAmount: 400, total: 5400 })
  ).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

/** A sent invoice of 100.00 + tax. */
const sentInvoice = async () =>
  (await createInvoiceRow(t, propertyId, { status: 'sent', subtotal: 10000, taxAmount: 800, total: 10800 })).id;
const detail = async (id: string) =>
  json<InvoiceDetailDto>(await apiAs(t, owner.cookie).get('/invoices/:id', { param: { id } }), 200);
const checkout = (id: string, cookie = clientCookie) =>
  apiAs(t, cookie).post('/portal/invoices/:id/checkout', { param: { id } });
/** The client opens checkout for the invoice and pays on the provider's page; its events, undelivered. */
async function paidEvents(id: string): Promise<FakeEvent[]> {
  const { url } = await json<{ url: string }>(await checkout(id), 200);
  const session = fake.sessionOf(url);
  const events = fake.pay(String(session.id));
  fake.outbox.splice(0, fake.outbox.length);
  return events;
}
const refund = (invoiceId: string, paymentId: string, body: Record<string, unknown>, user = owner) =>
  apiAs(t, user.cookie).post('/invoices/:id/payments/:paymentId/refund', {
    param: { id: invoiceId, paymentId },
    json: body,
  });

describe('checkout', () => {
  it('gives the provider page for the balance due, naming the invoice and workspace', async () => {
    const id = await sentInvoice();
    const { url } = await json<{ url: string }>(await checkout(id), 200);
    expect(url.startsWith(`${fake.url}/checkout/`)).toBe(true);
    const session = fake.sessionOf(url);
    expect(session).toMatchObject({
      client_reference_id: id,
      metadata: { invoiceId: id, workspaceId: owner.workspaceId },
      amount_total: 10800,
      success_url: `${t.config.publicUrl}/portal/invoices?paid=${id}`,
    });
    const listed = await json(await apiAs(t, clientCookie).get('/portal/invoices', { query: {} }), 200);
    expect(listed.items.find((item: { id: string }) => item.id === id)).toMatchObject({ payOnline: true });
    // Returning from the page proves nothing: the invoice is unpaid until the webhook says so.
    expect(await detail(id)).toMatchObject({ status: 'sent', balanceDue: 10800, payments: [] });
  });

  it("is 404 for another client's invoice or another workspace's, and 409 when nothing is due", async () => {
    expect((await checkout(strangerInvoiceId)).status).toBe(404);
    const paid = (await createInvoiceRow(t, propertyId, { status: 'paid', subtotal: 100, taxAmount: 8, total: 108 }))
      .id;
    expect((await checkout(paid)).status).toBe(409);
    expect((await apiAs(t).post('/portal/invoices/:id/checkout', { param: { id: paid } })).status).toBe(401);
  });

  it('with no provider configured, says online payment is off', async () => {
    const off = await createTestApp();
    try {
      const user = await createUser(off);
      const property = await createProperty(off, user, { name: 'Off' });
      const client = await createClientRow(off, user.workspaceId, { email: 'off@example.com' }, [property.id]);
      const token = randomBytes(24).toString('base64url');
      await off.db.insert(portalSessions).values({
        workspaceId: user.workspaceId,
        clientId: client.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const invoice = await createInvoiceRow(off, property.id, {
        status: 'sent',
        subtotal: 100,
        taxAmount: 8,
        total: 108,
      });
      const answer = await apiAs(off, `${PORTAL_COOKIE}=${token}`).post('/portal/invoices/:id/checkout', {
        param: { id: invoice.id },
      });
      expect(answer.status).toBe(409);
      expect((await answer.json()).error.message).toBe(INVOICE_MESSAGES.onlinePaymentOff);
      const listed = await json(
        await apiAs(off, `${PORTAL_COOKIE}=${token}`).get('/portal/invoices', { query: {} }),
        200,
      );
      expect(listed.items).toEqual([expect.objectContaining({ id: invoice.id, payOnline: false })]);
      expect((await off.request(WEBHOOK, { method: 'POST', body: {} })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('the webhook', () => {
  it('refuses a forged, unsigned or stale event with 400 and leaves the balance', async () => {
    const id = await sentInvoice();
    const [completed] = await paidEvents(id);
    const forged = fake.sign(completed!, 'whsec_not_the_secret');
    expect((await post(forged.body, forged.signature)).status).toBe(400);
    expect((await post(JSON.stringify(completed))).status).toBe(400);
    const stale = fake.sign(completed!, undefined, Math.floor(Date.now() / 1000) - 301);
    expect((await post(stale.body, stale.signature)).status).toBe(400);
    // A signed body changed after signing.
    const signed = fake.sign(completed!);
    expect((await post(signed.body.replace('10800', '1'), signed.signature)).status).toBe(400);
    expect(await detail(id)).toMatchObject({ status: 'sent', amountPaid: 0, balanceDue: 10800, payments: [] });
  });

  it('applies the same event delivered 10 times once: one card payment, paid', async () => {
    const id = await sentInvoice();
    const [completed] = await paidEvents(id);
    for (let i = 0; i < 10; i += 1) expect((await deliver(completed!)).status).toBe(200);
    const after = await detail(id);
    expect(after).toMatchObject({ status: 'paid', amountPaid: 10800, balanceDue: 0 });
    expect(after.payments).toEqual([
      expect.objectContaining({
        amount: 10800,
        method: 'card',
        provider: 'stripe',
        providerId: expect.stringMatching(/^pi_/),
        refundedAmount: 0,
        unapplied: false,
      }),
    ]);
    expect(Object.keys(after.payments[0]!)).toEqual(
      expect.arrayContaining(['id', 'amount', 'method', 'provider', 'providerId', 'paidAt', 'refundedAmount']),
    );
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, completed!.id));
    expect(events).toHaveLength(1);
  });

  it('gives the same result for its events in reverse order, each repeated', async () => {
    const id = await sentInvoice();
    const events = await paidEvents(id);
    for (const made of [...events].reverse()) expect((await deliver(made)).status).toBe(200);
    for (const made of events) expect((await deliver(made)).status).toBe(200);
    const after = await detail(id);
    expect(after).toMatchObject({ status: 'paid', amountPaid: 10800, balanceDue: 0 });
    expect(after.payments).toHaveLength(1);
  });

  it('records a payment for a voided invoice as unapplied, tells the office, and refunds it', async () => {
    const id = await sentInvoice();
    const events = await paidEvents(id);
    await json(
      await apiAs(t, owner.cookie).post('/invoices/:id/void', { param: { id }, json: { reason: 'Billed twice' } }),
      200,
    );
    for (const made of events) expect((await deliver(made)).status).toBe(200);
    const after = await detail(id);
    expect(after).toMatchObject({ status: 'void', amountPaid: 0, balanceDue: 0 });
    expect(after.payments).toEqual([expect.objectContaining({ unapplied: true, amount: 10800 })]);
    // Refunded through the provider once, however many deliveries.
    const refunds = [...fake.refunds.values()].filter((made) => made.payment_intent === after.payments[0]!.providerId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 10800, reason: 'duplicate' });
    await fake.flush();
    expect((await detail(id)).payments[0]).toMatchObject({ refundedAmount: 10800, refundable: 0 });
    const told = await t.db.select().from(staffNotifications).where(eq(staffNotifications.kind, 'payment_unapplied'));
    expect(told.map((notice) => notice.userId).sort()).toEqual([owner.id, manager.id].sort());
    expect(told[0]!.text).toContain('is void');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('concurrent deliveries of both events record one payment', async () => {
    const id = await sentInvoice();
    const events = await paidEvents(id);
    const answers = await Promise.all([...events, ...events, ...events].map((made) => deliver(made)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const rows = await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id));
    expect(rows).toHaveLength(1);
    expect(await detail(id)).toMatchObject({ status: 'paid', amountPaid: 10800, balanceDue: 0 });
  });
});

describe('refunds', () => {
  it('an owner refunds part of a card payment; the webhook confirms it and the balance returns', async () => {
    const id = await sentInvoice();
    for (const made of await paidEvents(id)) await deliver(made);
    const paid = await detail(id);
    const payment = paid.payments[0]!;
    // Only owners; a technician does not see the invoice at all.
    expect((await refund(id, payment.id, { amount: 3000 }, manager)).status).toBe(403);
    expect((await refund(id, payment.id, { amount: 3000 }, tech)).status).toBe(404);
    expect((await refund(id, payment.id, { amount: 3000 }, stranger)).status).toBe(404);
    expect((await refund(id, payment.id, { amount: 20000 })).status).toBe(409);

    const asked = await json<InvoiceDetailDto>(await refund(id, payment.id, { amount: 3000 }), 200);
    // Pending at the provider: nothing is given back until its webhook says it succeeded.
    expect(asked).toMatchObject({ status: 'paid', balanceDue: 0 });
    expect(asked.payments[0]).toMatchObject({ refundedAmount: 0, refundable: 7800 });
    await fake.flush();
    const refunded = await detail(id);
    expect(refunded).toMatchObject({ status: 'sent', amountPaid: 7800, balanceDue: 3000, paidAt: null });
    expect(refunded.payments[0]).toMatchObject({ refundedAmount: 3000, refundable: 7800 });
    // The rest, then nothing is left.
    await json(await refund(id, payment.id, {}), 200);
    await fake.flush();
    expect(await detail(id)).toMatchObject({ amountPaid: 0, balanceDue: 10800 });
    expect((await refund(id, payment.id, {})).status).toBe(409);
  });

  it("a refund whose events arrive before its payment's counts once the payment does", async () => {
    const id = await sentInvoice();
    const events = await paidEvents(id);
    const intent = String(fake.sessionOf(String((events[0]!.data.object as { url: string }).url)).payment_intent);
    // Refunded at the provider (its dashboard, say) before Rounds heard of the payment.
    const made = await fetch(`${fake.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.env.STRIPE_SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        payment_intent: intent,
        amount: '800',
        'metadata[workspaceId]': owner.workspaceId,
      }).toString(),
    });
    expect(made.status).toBe(200);
    const refundEvents = fake.outbox.splice(0, fake.outbox.length);
    for (const made of [...refundEvents].reverse()) expect((await deliver(made)).status).toBe(200);
    for (const made of [...events].reverse()) expect((await deliver(made)).status).toBe(200);
    const after = await detail(id);
    expect(after).toMatchObject({ status: 'sent', amountPaid: 10000, balanceDue: 800 });
    expect(after.payments[0]).toMatchObject({ amount: 10800, refundedAmount: 800 });
  });
});

describe('correcting a manual payment', () => {
  it('an owner edits and deletes one with a reason; the balance, status and audit trail follow', async () => {
    const id = await sentInvoice();
    const recorded = await json<InvoiceDetailDto>(
      await apiAs(t, owner.cookie).post('/invoices/:id/payments', {
        param: { id },
        json: { amount: 10800, paidAt: '2030-07-01', method: 'check', reference: 'Cheque 1' },
      }),
      201,
    );
    expect(recorded).toMatchObject({ status: 'paid', balanceDue: 0 });
    const paymentId = recorded.payments[0]!.id;
    const patch = (body: Record<string, unknown>, user = owner) =>
      apiAs(t, user.cookie).patch('/invoices/:id/payments/:paymentId', { param: { id, paymentId }, json: body });
    const remove = (body: Record<string, unknown>, user = owner) =>
      apiAs(t, user.cookie).del('/invoices/:id/payments/:paymentId', { param: { id, paymentId }, json: body });

    expect((await patch({ amount: 8000 })).status).toBe(400); // a reason is required
    expect((await patch({ amount: 8000, reason: 'Typo' }, manager)).status).toBe(403);
    expect((await patch({ amount: 8000, reason: 'Typo' }, tech)).status).toBe(404);
    expect((await patch({ amount: 8000, reason: 'Typo' }, stranger)).status).toBe(404);
    expect((await patch({ amount: 20000, reason: 'Too much' })).status).toBe(409);

    const edited = await json<InvoiceDetailDto>(
      await patch({ amount: 8000, reference: 'Cheque 1 (part)', reason: 'The cheque was for 80.00' }),
      200,
    );
    expect(edited).toMatchObject({ status: 'sent', amountPaid: 8000, balanceDue: 2800, paidAt: null });
    expect(edited.payments[0]).toMatchObject({ amount: 8000, reference: 'Cheque 1 (part)', method: 'check' });

    expect((await remove({}, owner)).status).toBe(400);
    const removed = await json<InvoiceDetailDto>(await remove({ reason: 'The cheque bounced' }), 200);
    expect(removed).toMatchObject({ status: 'sent', amountPaid: 0, balanceDue: 10800, payments: [] });

    const trail = await json(
      await apiAs(t, owner.cookie).get('/invoices/:id/payment-changes', { param: { id }, query: {} }),
      200,
    );
    expect(trail.total).toBe(2);
    expect(trail.items).toEqual([
      expect.objectContaining({
        paymentId,
        action: 'edit',
        reason: 'The cheque was for 80.00',
        changedByName: 'Olive Owner',
        before: { amount: 10800, paidAt: '2030-07-01', method: 'check', reference: 'Cheque 1' },
        after: { amount: 8000, paidAt: '2030-07-01', method: 'check', reference: 'Cheque 1 (part)' },
      }),
      expect.objectContaining({ action: 'delete', reason: 'The cheque bounced', after: null }),
    ]);
    expect(
      (await apiAs(t, tech.cookie).get('/invoices/:id/payment-changes', { param: { id }, query: {} })).status,
    ).toBe(404);
  });

  it('a card payment is changed only by a refund', async () => {
    const id = await sentInvoice();
    for (const made of await paidEvents(id)) await deliver(made);
    const paymentId = (await detail(id)).payments[0]!.id;
    const answer = await apiAs(t, owner.cookie).patch('/invoices/:id/payments/:paymentId', {
      param: { id, paymentId },
      json: { amount: 100, reason: 'No' },
    });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.message).toBe(INVOICE_MESSAGES.providerPaymentFixed);
  });
});
