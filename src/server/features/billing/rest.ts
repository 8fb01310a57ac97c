import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'POST',
    path: '/api/create-checkout-session',
    procedure: 'billing.createCheckoutSession',
    summary:
      'Start a Stripe Checkout for the Plus or Pro plan of a server the caller manages; answers { url }',
  },
  {
    method: 'POST',
    path: '/api/billing/portal',
    procedure: 'billing.portal',
    summary: "Open the Stripe billing portal for the server's subscription; answers { url }",
  },
  {
    method: 'GET',
    path: '/api/billing/plan',
    procedure: 'billing.plan',
    summary: "The server's plan and which capabilities it unlocks",
  },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    procedure: 'billing.handleWebhook',
    summary: 'Stripe webhook (signed): a completed checkout sets the plan, a deleted subscription ends it',
    raw: true,
    input: (req) => ({ payload: req.rawBody ?? '', signature: req.headers['stripe-signature'] }),
  },
] satisfies RestRoute[];
