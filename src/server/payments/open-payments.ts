import type { Config } from '../config';
import type { PaymentProvider } from './provider';
import { stripeProvider } from './stripe';

/** The configured payment provider, or null: online payment is off (no key given). */
export function openPayments(config: Config): PaymentProvider | null {
  return config.stripe ? stripeProvider(config.stripe) : null;
}
