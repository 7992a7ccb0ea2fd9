import { Hono } from 'hono';
import { AppError, notFound } from '../../errors';
import { InvalidWebhook } from '../../payments/provider';
import type { AppEnv } from '../../types';
import { applyEvent } from './payments.service';

/**
 * `/api/payments/webhooks/stripe`: the provider's events. No session and no Origin: the signature
 * over the raw body (checked by the SDK) is the only credential, so the same-origin rule skips
 * exactly this path (guards.ts). A forged or unsigned call is 400 and changes nothing; with
 * payments off the path is 404.
 */
export const paymentWebhookRoutes = new Hono<AppEnv>().post('/stripe', async (c) => {
  const provider = c.var.payments;
  if (!provider || provider.name !== 'stripe') throw notFound('Online payment is off');
  const rawBody = await c.req.text();
  let event;
  try {
    event = await provider.parseWebhook(rawBody, c.req.header('stripe-signature'));
  } catch (error) {
    if (error instanceof InvalidWebhook) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
  await applyEvent(c.var.db, provider, event);
  return c.json({ received: true });
});
