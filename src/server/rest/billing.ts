import type { RestRoute } from '../rest';

export const routes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/create-checkout-session',
    procedure: 'billing.createCheckoutSession',
    summary: 'Start a Stripe Checkout for the Plus or Pro plan; answers { url } to navigate to',
  },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    procedure: 'billing.handleWebhook',
    summary: 'Stripe webhook (signed): a completed checkout sets the plan, a deleted subscription ends it',
    raw: true,
    input: (req) => ({ payload: req.rawBody ?? '', signature: req.headers['stripe-signature'] }),
  },
];
