import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { tokensMatch } from './admin-token';
import type { Queue } from './queue';

/**
 * Prometheus metrics of one process (prom-client), served at GET /metrics to
 * `Authorization: Bearer METRICS_TOKEN` (or the admin token) only. Each process (web, bot, both)
 * has its own registry: scrape every process. Names and labels are listed in docs/processes.md.
 * Nothing here carries message text, member names or tokens; labels are bounded sets.
 */
export interface Metrics {
  registry: Registry;
  /** translate() calls that returned translations, by origin (mirror, single, reaction, ...). */
  translated: Counter<'origin'>;
  /** translate() calls that gave nothing, by origin and reason (overloaded, quota, user_limit, ...). */
  shed: Counter<'origin' | 'reason'>;
  /** translate() calls that reached the provider: request to answer, waiting for a slot included. */
  providerLatency: Histogram<'provider'>;
  /** Provider failures (after retries), circuit-breaker refusals and unusable answers. */
  providerErrors: Counter<'provider' | 'kind'>;
  /** Translation requests a provider answered, by the provider that served (the fallback's after failover). */
  served: Counter<'provider'>;
  /** Translation calls (text and audio) running now. */
  inFlight: Gauge;
  /** Discord answered 429 to the bot's REST calls. */
  discord429: Counter<'scope'>;
  /** Mirror work not done, by what (foreign_post) and reason (rate_limited) (issue 28): counted, never silent. */
  mirrorDropped: Counter<'what' | 'reason'>;
  /** HTTP requests answered by the web tier, by method, matched route and status. */
  httpLatency: Histogram<'method' | 'route' | 'status'>;
  /**
   * Where gateway latency per shard is read at scrape time: set once the bot runs in this process,
   * or with --bot-processes to its bot processes' reports (main.ts).
   */
  shards: { source: (() => { id: number; ping: number }[] | Promise<{ id: number; ping: number }[]>) | null };
  /** Where the provider lanes' probed health is read at scrape time (app/services.ts sets it). */
  providers: { source: (() => { lane: string; state: string; probeMs: number | null }[]) | null };
}

export function createMetrics(queue: Pick<Queue, 'counts' | 'oldestDueAgeMs'>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'polyglot_' });
  const shards: Metrics['shards'] = { source: null };
  const providers: Metrics['providers'] = { source: null };
  new Gauge({
    name: 'polyglot_provider_up',
    help: 'Each translation provider lane: 1 up, 0 down (breaker open, or the newest probe or call failed); absent before anything was observed',
    labelNames: ['provider'],
    registers: [registry],
    collect() {
      this.reset();
      for (const p of providers.source?.() ?? [])
        if (p.state !== 'unknown') this.set({ provider: p.lane }, p.state === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'polyglot_provider_probe_seconds',
    help: "Round trip of each provider lane's newest health probe",
    labelNames: ['provider'],
    registers: [registry],
    collect() {
      this.reset();
      for (const p of providers.source?.() ?? [])
        if (p.probeMs !== null) this.set({ provider: p.lane }, p.probeMs / 1000);
    },
  });
  new Gauge({
    name: 'polyglot_gateway_latency_seconds',
    help: 'Discord gateway heartbeat round trip per shard (absent before the first heartbeat)',
    labelNames: ['shard'],
    registers: [registry],
    async collect() {
      const now = (await shards.source?.()) ?? [];
      this.reset();
      for (const s of now) {
        if (s.ping >= 0) this.set({ shard: String(s.id) }, s.ping / 1000);
      }
    },
  });
  new Gauge({
    name: 'polyglot_queue_depth',
    help: 'Jobs waiting in the durable queue (pending, due or backing off)',
    registers: [registry],
    async collect() {
      this.set(Number((await queue.counts()).pending));
    },
  });
  new Gauge({
    name: 'polyglot_queue_oldest_age_seconds',
    help: 'How long the oldest due pending job has waited past its run time (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await queue.oldestDueAgeMs()) / 1000);
    },
  });
  return {
    registry,
    shards,
    providers,
    translated: new Counter({
      name: 'polyglot_messages_translated_total',
      help: 'Translation requests answered with translations, by origin',
      labelNames: ['origin'],
      registers: [registry],
    }),
    shed: new Counter({
      name: 'polyglot_messages_shed_total',
      help: 'Translation requests answered without translations, by origin and reason',
      labelNames: ['origin', 'reason'],
      registers: [registry],
    }),
    providerLatency: new Histogram({
      name: 'polyglot_provider_latency_seconds',
      help: 'Translation calls that reached the provider, from request to answer (waiting for a slot included)',
      labelNames: ['provider'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32],
      registers: [registry],
    }),
    providerErrors: new Counter({
      name: 'polyglot_provider_errors_total',
      help: 'Provider failures after retries, circuit-breaker refusals and unusable answers',
      labelNames: ['provider', 'kind'],
      registers: [registry],
    }),
    inFlight: new Gauge({
      name: 'polyglot_translation_calls_in_flight',
      help: 'Translation calls (text and audio) running now',
      registers: [registry],
    }),
    served: new Counter({
      name: 'polyglot_provider_served_total',
      help: 'Translation requests answered by a provider call, by the provider that served (a fallback after failover)',
      labelNames: ['provider'],
      registers: [registry],
    }),
    discord429: new Counter({
      name: 'polyglot_discord_429_total',
      help: 'Discord REST answers 429 (rate limited), by scope (user, global, shared)',
      labelNames: ['scope'],
      registers: [registry],
    }),
    mirrorDropped: new Counter({
      name: 'polyglot_mirror_dropped_total',
      help: 'Mirror work not done (allowed bot/webhook posts over the server limit), by what and reason',
      labelNames: ['what', 'reason'],
      registers: [registry],
    }),
    httpLatency: new Histogram({
      name: 'polyglot_http_request_duration_seconds',
      help: 'HTTP requests, by method, matched route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
  };
}

/** Times every request under its route pattern (/api/channels/links/:id, never the ids themselves). */
export function timeRequests(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const end = metrics.httpLatency.startTimer();
    await next();
    // Unmatched paths (404s, static files) share one label so the set stays bounded.
    const route = c.res.status === 404 ? 'unmatched' : routePath(c);
    end({ method: c.req.method, route, status: String(c.res.status) });
  };
}

/** Whether the request carries METRICS_TOKEN or the admin token as a Bearer. */
export function metricsAuthorized(header: string | undefined, tokens: (string | undefined)[]): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m?.[1]) return false;
  const given = m[1];
  return tokens.some((t) => t !== undefined && t !== '' && tokensMatch(given, t));
}

/** GET /metrics: the registry in Prometheus's text format, or 401 without the token. */
export async function metricsResponse(
  metrics: Metrics,
  authorization: string | undefined,
  tokens: (string | undefined)[],
): Promise<{ status: number; type: string; body: string }> {
  if (!metricsAuthorized(authorization, tokens)) {
    return {
      status: 401,
      type: 'application/json',
      body: JSON.stringify({ error: 'metrics: send Authorization: Bearer METRICS_TOKEN' }),
    };
  }
  return { status: 200, type: metrics.registry.contentType, body: await metrics.registry.metrics() };
}

export function mountMetrics(
  app: { get(path: string, h: (c: HonoContext) => Promise<Response>): unknown },
  metrics: Metrics,
  tokens: () => (string | undefined)[],
): void {
  app.get('/metrics', async (c) => {
    const r = await metricsResponse(metrics, c.req.header('authorization'), tokens());
    return c.body(r.body, r.status as 200, { 'content-type': r.type, 'cache-control': 'no-store' });
  });
}
