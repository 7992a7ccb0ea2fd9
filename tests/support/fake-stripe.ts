import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A small stateful fake of the Stripe HTTP API for tests (never shipped): the real SDK is pointed at
// it (STRIPE_API_URL), and it signs its webhooks with the SDK's own generateTestHeaderString, so the
// server's signature check is real. It serves what Rounds' flows use: Checkout Sessions (create,
// retrieve), PaymentIntents (retrieve), refunds (create, with Idempotency-Key), customers, and a
// hosted checkout page with a 'Pay' button (for a browser test).

export const FAKE_STRIPE_KEY = 'sk_test_fake_rounds';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_rounds_0123456789';

type Loose = Record<string, unknown>;

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  account?: string;
  data: { object: Loose };
}

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseStripeForm(body: string): Loose {
  const root: Loose = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Loose = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Loose;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(options: { refundStatus?: 'pending' | 'succeeded' } = {}) {
  const sdk = new Stripe(FAKE_STRIPE_KEY);
  const sessions = new Map<string, Loose>();
  const intents = new Map<string, Loose>();
  const refunds = new Map<string, Loose>();
  const customers = new Map<string, Loose>();
  const idempotent = new Map<string, Loose>();
  /** Events made and not yet delivered, in the order Stripe would send them. */
  const outbox: FakeEvent[] = [];
  const requests: { method: string; path: string; body: Loose; headers: IncomingMessage['headers'] }[] = [];
  let deliver: ((body: string, signature: string) => Promise<unknown>) | null = null;
  let webhookUrl: string | null = null;

  const event = (type: string, object: Loose): FakeEvent => {
    const made: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      created: now(),
      data: { object: structuredClone(object) },
    };
    outbox.push(made);
    return made;
  };

  /** A signed delivery of `made` (or a forged one with another secret). */
  const sign = (made: FakeEvent, secret = FAKE_WEBHOOK_SECRET, timestamp?: number) => {
    const body = JSON.stringify(made);
    return { body, signature: sdk.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
  };

  /** Delivers every waiting event in order (to the configured callback or URL). */
  async function flush(): Promise<FakeEvent[]> {
    const sent = outbox.splice(0, outbox.length);
    for (const made of sent) {
      const { body, signature } = sign(made);
      if (deliver) await deliver(body, signature);
      else if (webhookUrl)
        await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        });
    }
    return sent;
  }

  /** The client pays a session: its PaymentIntent succeeds; the two events Stripe sends are queued. */
  function pay(sessionId: string): FakeEvent[] {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.payment_status === 'paid') return [];
    const intentData = (session.payment_intent_data ?? {}) as Loose;
    const intent: Loose = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
      metadata: intentData.metadata ?? {},
      latest_charge: newId('ch'),
      created: now(),
    };
    intents.set(intent.id as string, intent);
    Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: intent.id });
    return [event('checkout.session.completed', session), event('payment_intent.succeeded', intent)];
  }

  function createRefund(body: Loose): Loose | { error: string } {
    const intent = intents.get(String(body.payment_intent));
    if (!intent) return { error: `No such payment_intent: '${String(body.payment_intent)}'` };
    const taken = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id && refund.status !== 'failed')
      .reduce((sum, refund) => sum + Number(refund.amount), 0);
    const amount = body.amount === undefined ? Number(intent.amount_received) - taken : Number(body.amount);
    if (amount <= 0 || taken + amount > Number(intent.amount_received)) {
      return { error: 'Refund amount is greater than unrefunded amount on charge' };
    }
    const refund: Loose = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: body.reason ?? null,
      metadata: body.metadata ?? {},
      status: options.refundStatus ?? 'pending',
      created: now(),
    };
    refunds.set(refund.id as string, refund);
    event('refund.created', refund);
    // The bank settles it a moment later: Stripe tells by refund.updated.
    if (refund.status === 'pending') event('refund.updated', { ...refund, status: 'succeeded' });
    return refund;
  }

  function route(method: string, path: string, body: Loose, base: string): [number, Loose] {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (body.line_items ?? []) as Loose[];
      const amount = items.reduce((sum, item) => {
        const price = (item.price_data ?? {}) as Loose;
        return sum + Number(price.unit_amount ?? 0) * Number(item.quantity ?? 1);
      }, 0);
      const currency = String(((items[0]?.price_data ?? {}) as Loose).currency ?? 'usd');
      const id = newId('cs');
      const session: Loose = {
        id,
        object: 'checkout.session',
        mode: body.mode ?? 'payment',
        amount_total: body.mode === 'setup' ? null : amount,
        currency: body.mode === 'setup' ? null : currency,
        client_reference_id: body.client_reference_id ?? null,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        metadata: body.metadata ?? {},
        payment_intent: null,
        payment_intent_data: body.payment_intent_data ?? {},
        payment_status: 'unpaid',
        status: 'open',
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${base}/checkout/${id}`,
        created: now(),
      };
      sessions.set(id, session);
      const { payment_intent_data: _hidden, ...shown } = session;
      return [200, shown];
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sessions.get(match[1]!);
      return session ? [200, session] : [404, stripeError(`No such checkout.session: '${match[1]}'`)];
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = intents.get(match[1]!);
      return intent ? [200, intent] : [404, stripeError(`No such payment_intent: '${match[1]}'`)];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const made = createRefund(body);
      return 'error' in made ? [400, stripeError(String(made.error))] : [200, made];
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Loose = {
        id: newId('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id as string, customer);
      return [200, customer];
    }
    return [404, stripeError(`Unrecognized request URL (${method}: ${path})`)];
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', base);
    const method = request.method ?? 'GET';

    // The hosted checkout page: a form whose 'Pay' button pays the session, sends its webhooks and
    // returns the browser to success_url.
    const match = url.pathname.match(/^\/checkout\/([^/]+)$/);
    if (match) {
      const session = sessions.get(match[1]!);
      if (!session) return send(response, 404, 'text/html', '<h1>No such checkout</h1>');
      if (method === 'POST') {
        pay(session.id as string);
        await flush();
        response.writeHead(303, { location: String(session.success_url) });
        return response.end();
      }
      const amount = (Number(session.amount_total) / 100).toFixed(2);
      return send(
        response,
        200,
        'text/html',
        `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Fake checkout</title></head>
<body><main><h1>Fake checkout</h1><p>Pay ${String(session.currency).toUpperCase()} ${amount}</p>
<form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242"></label>
<button type="submit">Pay</button></form><a href="${String(session.cancel_url)}">Cancel</a></main></body></html>`,
      );
    }

    if (!String(request.headers.authorization ?? '').includes(FAKE_STRIPE_KEY)) {
      return send(response, 401, 'application/json', JSON.stringify(stripeError('Invalid API Key provided')));
    }
    const body = method === 'GET' ? Object.fromEntries(url.searchParams) : parseStripeForm(raw);
    requests.push({ method, path: url.pathname, body, headers: request.headers });
    const key = request.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (remembered) return send(response, 200, 'application/json', JSON.stringify(remembered));
    const [status, answer] = route(method, url.pathname, body, base);
    if (typeof key === 'string' && status === 200) idempotent.set(key, answer);
    send(response, status, 'application/json', JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    env: { STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_URL: base },
    sessions,
    intents,
    refunds,
    requests,
    outbox,
    pay,
    sign,
    flush,
    /** Where webhooks go: a function (in-process tests) or a URL (a browser test's server). */
    deliverTo(target: ((body: string, signature: string) => Promise<unknown>) | string) {
      if (typeof target === 'string') webhookUrl = target;
      else deliver = target;
    },
    /** The session a checkout URL names. */
    sessionOf(checkoutUrl: string): Loose {
      const id = new URL(checkoutUrl).pathname.split('/').pop()!;
      const session = sessions.get(id);
      if (!session) throw new Error(`no session for ${checkoutUrl}`);
      return session;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

function stripeError(message: string): Loose {
  return { error: { type: 'invalid_request_error', message } };
}

function send(response: ServerResponse, status: number, type: string, body: string) {
  response.writeHead(status, { 'content-type': type });
  response.end(body);
}
