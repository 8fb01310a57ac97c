import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../helpers/server';
import { type BotHarness, eventually, startBotHarness } from './harness';

/** GET /metrics (prom-client): answers the metrics token only, and counts what the bot did. */
const METRICS_TOKEN = 'metrics-token-0123456789';
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ env: { METRICS_TOKEN } });
});
afterAll(async () => {
  await h?.close();
});

const scrape = async (token: string | null) => {
  const res = await fetch(`${h.server.url}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};
/** The value of one sample line, e.g. polyglot_messages_translated_total{origin="mirror"}. */
const sample = (text: string, series: string): number | null => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
};
const webhookPostsIn = (channelId: string) =>
  h.fake.calls.filter(
    (c) =>
      c.method === 'POST' &&
      /^\/webhooks\/\d+\/[^/]+$/.test(c.path) &&
      h.fake.rest.webhooks.get(c.path.split('/')[2] as string)?.channel_id === channelId &&
      c.status === 200,
  );

describe('GET /metrics', () => {
  it('answers 401 without a token or with a wrong one, naming what to send', async () => {
    const none = await scrape(null);
    expect(none.status).toBe(401);
    expect(none.text).toContain('METRICS_TOKEN');
    expect(none.text).not.toContain('polyglot_');
    expect((await scrape('not-the-token-at-all')).status).toBe(401);
  });

  it('answers METRICS_TOKEN and the admin token in Prometheus text format', async () => {
    const res = await scrape(METRICS_TOKEN);
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    for (const name of [
      'polyglot_messages_translated_total',
      'polyglot_messages_shed_total',
      'polyglot_provider_latency_seconds',
      'polyglot_provider_errors_total',
      'polyglot_translation_calls_in_flight',
      'polyglot_queue_depth',
      'polyglot_queue_oldest_age_seconds',
      'polyglot_gateway_latency_seconds',
      'polyglot_discord_429_total',
      'polyglot_http_request_duration_seconds',
    ])
      expect(res.text).toContain(`# TYPE ${name} `);
    expect((await scrape(TEST_ADMIN_TOKEN)).status).toBe(200);
  });

  it('counts a mirrored message, the provider call behind it, and the API call under its route', async () => {
    await h.link('Metrics', [
      ['english', 'en'],
      ['spanish', 'es'],
    ]);
    const before = await scrape(METRICS_TOKEN);
    expect(sample(before.text, 'polyglot_messages_translated_total{origin="mirror"}')).toBeNull();
    const spanish = h.channel('spanish').id;
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'The meeting moved to Thursday',
    });
    await eventually(() => webhookPostsIn(spanish).length >= 1);
    const after = await scrape(METRICS_TOKEN);
    expect(sample(after.text, 'polyglot_messages_translated_total{origin="mirror"}')).toBe(1);
    expect(
      sample(after.text, 'polyglot_provider_latency_seconds_count{provider="gemini:gemini-2.5-flash"}'),
    ).toBe(1);
    expect(sample(after.text, 'polyglot_translation_calls_in_flight')).toBe(0);
    expect(
      sample(
        after.text,
        'polyglot_http_request_duration_seconds_count{method="POST",route="/api/channels/links",status="201"}',
      ),
    ).toBe(1);
    // The gateway gauge mirrors the shard's heartbeat round trip: absent until the first one
    // (discord.js reports -1), never a made-up 0.
    // A heartbeat can be acknowledged between reading the shard and scraping: read the shard on both
    // sides of a scrape and compare only when it did not change in between.
    const gauge = async () => {
      const ping = h.bot.shards()[0]?.ping ?? -1;
      const text = (await scrape(METRICS_TOKEN)).text;
      if ((h.bot.shards()[0]?.ping ?? -1) !== ping) return null;
      return { ping, gateway: sample(text, 'polyglot_gateway_latency_seconds{shard="0"}') };
    };
    let g: Awaited<ReturnType<typeof gauge>> = null;
    while (!g) g = await gauge();
    expect(g.gateway).toBe(g.ping >= 0 ? g.ping / 1000 : null);
  });
});
