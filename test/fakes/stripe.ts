import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as Stripe would see it. */
export interface StripeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The raw form-encoded body. */
  body: string;
  /** The body decoded: flat keys as the SDK writes them, e.g. `line_items[0][price]`. */
  form: Record<string, string>;
}

export interface FakeStripe {
  /** For STRIPE_API_URL. */
  url: string;
  requests: StripeRequest[];
  /** The next request gets this Stripe error instead of an answer. */
  failNext(status: number, message: string): void;
  close(): Promise<void>;
}

function stripeError(res: ServerResponse, status: number, message: string, type = 'invalid_request_error') {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  res.end(JSON.stringify({ error: { type, message } }));
}

/**
 * A fake Stripe API on loopback speaking the real wire format: form-encoded POSTs under /v1,
 * Bearer secret key, JSON answers and JSON errors. It knows POST /v1/checkout/sessions and
 * POST /v1/billing_portal/sessions.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  let failure: { status: number; message: string } | null = null;
  let sessions = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0];
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body, form });

      if (!req.headers.authorization?.startsWith('Bearer sk_')) {
        return stripeError(res, 401, 'Invalid API Key provided', 'invalid_request_error');
      }
      if (failure) {
        const { status, message } = failure;
        failure = null;
        return stripeError(res, status, message);
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        sessions += 1;
        const id = `cs_test_fake${sessions}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${sessions}` });
        return res.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            mode: form.mode ?? 'payment',
            status: 'open',
            payment_status: 'unpaid',
            success_url: form.success_url ?? null,
            cancel_url: form.cancel_url ?? null,
            metadata,
            customer: null,
            subscription: null,
            livemode: false,
            url: `https://checkout.stripe.com/c/pay/${id}`,
          }),
        );
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        sessions += 1;
        const id = `bps_test_fake${sessions}`;
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${sessions}` });
        return res.end(
          JSON.stringify({
            id,
            object: 'billing_portal.session',
            customer: form.customer ?? null,
            return_url: form.return_url ?? null,
            livemode: false,
            url: `https://billing.stripe.com/p/session/${id}`,
          }),
        );
      }
      return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status, message) {
      failure = { status, message };
    },
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
