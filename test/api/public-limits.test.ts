import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GLOBAL_STATS_CACHE_SECONDS,
  GLOBAL_STATS_PER_MINUTE,
  MAX_TRPC_BATCH,
} from '../../src/server/core/public-limits';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';
import { insertLogs } from '../helpers/translation-logs';

let s: TestServer;
let now = new Date('2026-03-18T12:00:00Z');
beforeAll(async () => {
  // Behind one proxy: each test speaks from its own visitor address (X-Forwarded-For).
  s = await startTestServer({ env: { TRUST_PROXY: '1' }, overrides: { clock: () => now } });
});
afterAll(() => s.close());
const from = (address: string) => ({ 'x-forwarded-for': address });

const contact = {
  name: 'Ann',
  email: 'ann@example.com',
  subject: 'Hi',
  type: 'other',
  message: 'Hello there',
};

describe('tRPC batches', () => {
  const batchGet = (n: number) =>
    fetch(`${s.url}/trpc/${Array(n).fill('auth.me').join(',')}?batch=1`, { headers: from('203.0.113.1') });

  it(`answer up to ${MAX_TRPC_BATCH} calls`, async () => {
    const res = await batchGet(MAX_TRPC_BATCH);
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(MAX_TRPC_BATCH);
  });

  it('refuse more with 400 naming the limit, before running any call', async () => {
    for (const n of [MAX_TRPC_BATCH + 1, 1000]) {
      const res = await batchGet(n);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.json.message).toBe(
        `batch: ${n} calls in one request; at most ${MAX_TRPC_BATCH} are allowed, send the rest in another request`,
      );
      expect(body.error.json.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
    }
    // A POST batch of mutations: none of them runs.
    const before = await tableCounts(s.services);
    const n = MAX_TRPC_BATCH + 1;
    const res = await fetch(`${s.url}/trpc/${Array(n).fill('contact.submit').join(',')}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('203.0.113.2') },
      body: JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { json: contact }]))),
    });
    expect(res.status).toBe(400);
    expect(await tableCounts(s.services)).toEqual(before);
  });
});

describe('GET /api/global-stats', () => {
  it(`is limited to ${GLOBAL_STATS_PER_MINUTE} a minute per address: 429 with Retry-After, others unaffected`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < GLOBAL_STATS_PER_MINUTE; i++)
      statuses.push((await s.api('/api/global-stats', { headers: from('203.0.113.10') })).status);
    expect(statuses.every((code) => code === 200)).toBe(true);
    const refused = await s.api('/api/global-stats', { headers: from('203.0.113.10') });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.json).toEqual({
      error: `too many requests for /api/global-stats from this address (at most ${GLOBAL_STATS_PER_MINUTE} a minute); try again in 60 s`,
    });
    expect((await s.api('/api/global-stats', { headers: from('203.0.113.11') })).status).toBe(200);
    now = new Date(now.getTime() + 60_000);
    expect((await s.api('/api/global-stats', { headers: from('203.0.113.10') })).status).toBe(200);
  });

  it(`reuses one answer for ${GLOBAL_STATS_CACHE_SECONDS} s, and says so in Cache-Control`, async () => {
    const first = await s.api('/api/global-stats', { headers: from('203.0.113.20') });
    await insertLogs(s, 'g1', [['u1', 'Ann', 'en', 'es', '2026-03-18T11:00:00Z', 100]]);
    now = new Date(now.getTime() + GLOBAL_STATS_CACHE_SECONDS * 1000 - 1);
    const cached = await s.api('/api/global-stats', { headers: from('203.0.113.21') });
    expect(cached.json).toEqual(first.json);
    expect(cached.headers.get('cache-control')).toBe('public, max-age=1');
    now = new Date(now.getTime() + 1);
    const fresh = await s.api('/api/global-stats', { headers: from('203.0.113.22') });
    expect(fresh.json.totalTranslations).toBe(first.json.totalTranslations + 1);
    expect(fresh.headers.get('cache-control')).toBe(`public, max-age=${GLOBAL_STATS_CACHE_SECONDS}`);
  });
});
