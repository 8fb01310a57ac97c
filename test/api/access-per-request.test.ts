import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds } from '../../db/schema';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server';

// The guild-access lookup (src/server/core/access.ts, authorizeGuildOnce) runs once per request:
// a tRPC batch of several guild procedures reads the caller's access once, and the next request
// reads it again, so a revoked key is refused at once.
const GUILD = '100000000000000001';
let s: TestServer;
let apiKey = '';
const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

/** The statement authorizeGuild reads to learn whether the bot is in the server. */
const isAccessRead = (text: string) => /^select "present" from "guilds" where "guilds"\."id" = /.test(text);

/** GET /trpc/a,b?batch=1 with the same guildId for each procedure, as the dashboard's client sends it. */
function batch(procedures: string[], headers: Record<string, string>) {
  const input = Object.fromEntries(procedures.map((_, i) => [i, { json: { guildId: GUILD } }]));
  return fetch(
    `${s.url}/trpc/${procedures.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
    { headers },
  );
}

/** Runs `fn` and counts the access reads the database ran meanwhile. */
async function accessReadsDuring(fn: () => Promise<unknown>): Promise<number> {
  let reads = 0;
  const stop = s.services.db.$onStatement((text) => {
    if (isAccessRead(text)) reads++;
  });
  try {
    await fn();
  } finally {
    stop();
  }
  return reads;
}

beforeAll(async () => {
  s = await startTestServer({ guilds: [{ id: GUILD, plan: 'ultimate' }] });
  const made = await s.api(`/api/api-keys?guildId=${GUILD}`, {
    method: 'POST',
    body: { name: 'CI' },
    admin: true,
  });
  expect(made.status).toBe(201);
  apiKey = made.json.key;
});
afterAll(() => s.close());

describe('the guild-access lookup, once per request', () => {
  it.each([
    ['the admin token', () => bearer(TEST_ADMIN_TOKEN)],
    ['an API key', () => bearer(apiKey)],
  ])('with %s, three guild procedures in one batch read access once', async (_, headers) => {
    let answers: { result?: unknown; error?: unknown }[] = [];
    const reads = await accessReadsDuring(async () => {
      const res = await batch(['welcome.get', 'polls.list', 'translation.getSettings'], headers());
      expect(res.status).toBe(200);
      answers = await res.json();
    });
    expect(answers).toHaveLength(3);
    for (const answer of answers) expect(answer.result).toBeDefined();
    expect(reads).toBe(1);
    // A second request reads again: nothing is kept between requests.
    expect(await accessReadsDuring(() => batch(['welcome.get'], headers()))).toBe(1);
  });

  it('a refusal is answered to every procedure of the batch, from one read', async () => {
    const other = '100000000000000002';
    const input = { 0: { json: { guildId: other } }, 1: { json: { guildId: other } } };
    let answers: { error?: { json: { message: string; data: { httpStatus: number } } } }[] = [];
    const reads = await accessReadsDuring(async () => {
      const res = await fetch(
        `${s.url}/trpc/welcome.get,polls.list?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
        { headers: bearer(apiKey) },
      );
      answers = await res.json();
    });
    expect(answers.map((a) => a.error?.json.data.httpStatus)).toEqual([403, 403]);
    expect(answers[0]?.error?.json.message).toMatch(/guildId: you may not manage this server/);
    // The other server is refused before any read (the key names its own server).
    expect(reads).toBe(0);
  });

  it('a revoked key is refused on the very next request', async () => {
    const made = await s.api(`/api/api-keys?guildId=${GUILD}`, {
      method: 'POST',
      body: { name: 'soon revoked' },
      admin: true,
    });
    expect(made.status).toBe(201);
    const key = made.json.key as string;
    const before = await batch(['welcome.get', 'polls.list'], bearer(key));
    expect(before.status).toBe(200);
    const revoked = await s.api(`/api/api-keys/${made.json.id}?guildId=${GUILD}`, {
      method: 'DELETE',
      admin: true,
    });
    expect(revoked.status).toBe(200);
    const after = await batch(['welcome.get', 'polls.list'], bearer(key));
    expect(after.status).toBe(401);
    const rest = await s.api(`/api/welcome?guildId=${GUILD}`, { headers: bearer(key) });
    expect(rest.status).toBe(401);
    // The server's other key still works.
    expect((await batch(['welcome.get'], bearer(apiKey))).status).toBe(200);
  });

  it('the bot leaving the server is seen by the next request', async () => {
    expect((await s.api(`/api/welcome?guildId=${GUILD}`, { admin: true })).status).toBe(200);
    await s.services.db.update(guilds).set({ present: false }).where(eq(guilds.id, GUILD)).run();
    try {
      const gone = await s.api(`/api/welcome?guildId=${GUILD}`, { headers: bearer(apiKey) });
      expect(gone.status).toBe(403);
      expect(gone.json.error).toMatch(/you may not manage this server, or the bot is not in it/);
    } finally {
      await s.services.db.update(guilds).set({ present: true }).where(eq(guilds.id, GUILD)).run();
    }
    expect((await s.api(`/api/welcome?guildId=${GUILD}`, { headers: bearer(apiKey) })).status).toBe(200);
  });

  it("a plan change is seen by the next request (the plan's statement is prepared, its answer never kept)", async () => {
    expect((await s.api(`/api/welcome?guildId=${GUILD}`, { headers: bearer(apiKey) })).status).toBe(200);
    await s.services.db.update(guilds).set({ plan: 'free' }).where(eq(guilds.id, GUILD)).run();
    try {
      const locked = await s.api(`/api/welcome?guildId=${GUILD}`, { headers: bearer(apiKey) });
      expect(locked.status).toBe(403);
      expect(locked.json.locked.capability).toBe('apiAccess');
    } finally {
      await s.services.db.update(guilds).set({ plan: 'ultimate' }).where(eq(guilds.id, GUILD)).run();
    }
    expect((await s.api(`/api/welcome?guildId=${GUILD}`, { headers: bearer(apiKey) })).status).toBe(200);
  });
});
