import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

const valid = {
  name: '  Ana Souza ',
  email: 'ana@example.com',
  subject: 'Mirror mode question',
  type: 'support',
  message: 'How do I link three channels?',
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { CONTACT_RATE_LIMIT: '3' } });
});
afterAll(() => s.close());

async function storedMessages() {
  return (await rawAll(s.services.db, sql`select * from contact_messages order by id`)) as Record<
    string,
    unknown
  >[];
}

describe('POST /api/contact', () => {
  it('stores a valid message, trimmed, and answers 201 with its id', async () => {
    const res = await s.api('/api/contact', { method: 'POST', body: valid });
    expect(res.status).toBe(201);
    expect(res.json.id).toEqual(expect.any(Number));
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.json.id,
      name: 'Ana Souza',
      email: 'ana@example.com',
      subject: 'Mirror mode question',
      type: 'support',
      message: 'How do I link three channels?',
    });
  });

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'email'],
    [{ ...valid, email: undefined }, 'email'],
    [{ ...valid, name: '   ' }, 'name'],
    [{ ...valid, type: 'complaint' }, 'type'],
    [{ ...valid, subject: 'x'.repeat(201) }, 'subject'],
    [{ ...valid, message: 'y'.repeat(5001) }, 'message'],
    [{ ...valid, message: 42 }, 'message'],
  ])('rejects %j with 400 naming %s and writes nothing', async (body, field) => {
    const before = await tableCounts(s.services);
    const res = await s.api('/api/contact', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('needs no login, and a flood from one address gets 429 with when to retry', async () => {
    // The limit is 3 an hour here; one message was sent by the first test (bad input does not count).
    for (let i = 0; i < 2; i++) {
      const ok = await s.api('/api/contact', { method: 'POST', body: { ...valid, subject: `again ${i}` } });
      expect(ok.status).toBe(201);
    }
    const before = await tableCounts(s.services);
    const res = await s.api('/api/contact', { method: 'POST', body: valid });
    expect(res.status).toBe(429);
    expect(res.json.error).toMatch(/try again in \d+ minutes?/);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('the same limit holds over /trpc, with a Retry-After header', async () => {
    const res = await fetch(`${s.url}/trpc/contact.submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: valid }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await res.json();
    expect(body.error.json.message).toMatch(/try again in/);
  });
});
