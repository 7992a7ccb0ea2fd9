// The public surface of modules/payments: other parts of the server import only this file (eslint.config.js zones).
export { paymentWebhookRoutes } from './payments.routes';
export { createCheckout } from './payments.service';
