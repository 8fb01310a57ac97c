import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase } from '../../src/server/features/cases/cases';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

/**
 * The Cases API (/api/cases): list with filters, edit a reason, revoke; the plan gate, bad input
 * writing nothing, another server's cases out of reach, numbers unique per server under load.
 */

let s: TestServer;
const PLUS = '7510';
const FREE = '7520';
const OTHER = '7530';
const ANA = '100000000000000001';
const BEN = '100000000000000002';
const MOD = '100000000000000009';

beforeAll(async () => {
  s = await startTestServer({
    guilds: [
      { id: PLUS, plan: 'plus' },
      { id: FREE, plan: 'free' },
      { id: OTHER, plan: 'plus' },
    ],
  });
  const at = new Date('2026-11-20T10:00:00Z');
  const base = { moderatorId: MOD, moderatorName: 'chloe', durationSeconds: null };
  await insertCase(
    s.services.db,
    PLUS,
    { ...base, action: 'warn', targetId: ANA, targetName: 'ana_es', reason: 'spam' },
    at,
  );
  await insertCase(
    s.services.db,
    PLUS,
    {
      ...base,
      action: 'timeout',
      targetId: BEN,
      targetName: 'Ben_100%',
      reason: 'flood',
      durationSeconds: 3600,
    },
    at,
  );
  await insertCase(
    s.services.db,
    PLUS,
    { ...base, action: 'ban', targetId: ANA, targetName: 'ana_es', reason: '' },
    at,
  );
  await insertCase(
    s.services.db,
    OTHER,
    { ...base, action: 'kick', targetId: ANA, targetName: 'ana_es', reason: 'x' },
    at,
  );
});
afterAll(() => s?.close());

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  s.api(path, { admin: true, ...init });

describe('GET /api/cases', () => {
  it('lists the server cases newest first, numbered per server', async () => {
    const res = await api(`/api/cases?guildId=${PLUS}`);
    expect(res.status).toBe(200);
    expect(res.json.map((c: { number: number }) => c.number)).toEqual([3, 2, 1]);
    expect(res.json[1]).toMatchObject({
      action: 'timeout',
      targetId: BEN,
      durationSeconds: 3600,
      revokedAt: null,
    });
    // The other server's kick is its own case #1, not listed here.
    expect((await api(`/api/cases?guildId=${OTHER}`)).json).toHaveLength(1);
  });

  it('filters by action and finds a member by id or part of the name (wildcards taken literally)', async () => {
    const bans = (await api(`/api/cases?guildId=${PLUS}&action=ban`)).json;
    expect(bans.map((c: { number: number }) => c.number)).toEqual([3]);
    expect((await api(`/api/cases?guildId=${PLUS}&member=ANA`)).json).toHaveLength(2);
    expect((await api(`/api/cases?guildId=${PLUS}&member=${BEN}`)).json).toHaveLength(1);
    expect((await api(`/api/cases?guildId=${PLUS}&member=100%25`)).json).toHaveLength(1);
    expect((await api(`/api/cases?guildId=${PLUS}&member=_`)).json).toHaveLength(3);
    expect((await api(`/api/cases?guildId=${PLUS}&member=n%25`)).json).toHaveLength(0);
  });

  it('names a bad filter', async () => {
    const res = await api(`/api/cases?guildId=${PLUS}&action=mute`);
    expect(res.status).toBe(400);
    expect(res.json.error ?? res.text).toContain('action: must be one of warn, timeout, kick, ban, unban');
  });

  it('on the Free plan: 403 naming the Plus plan', async () => {
    const res = await api(`/api/cases?guildId=${FREE}`);
    expect(res.status).toBe(403);
    expect(res.json.locked).toEqual({ capability: 'cases', plan: 'plus' });
  });
});

describe('PATCH /api/cases/:number and POST /api/cases/:number/revoke', () => {
  it('rewrites a reason', async () => {
    const res = await api(`/api/cases/1?guildId=${PLUS}`, {
      method: 'PATCH',
      body: { reason: '  spam links  ' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ number: 1, reason: 'spam links' });
  });

  it('refuses bad input by name and writes nothing', async () => {
    const before = await tableCounts(s.services);
    const long = await api(`/api/cases/1?guildId=${PLUS}`, {
      method: 'PATCH',
      body: { reason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.text).toContain('reason: must be at most 500 characters');
    const word = await api(`/api/cases/abc?guildId=${PLUS}`, { method: 'PATCH', body: { reason: 'x' } });
    expect(word.status).toBe(400);
    expect(word.text).toContain('number: must be a case number');
    const missing = await api(`/api/cases/99?guildId=${PLUS}`, { method: 'PATCH', body: { reason: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('case 99 not found');
    // Case #1 of the other server is not this server's to change.
    const foreign = await api(`/api/cases/2/revoke?guildId=${OTHER}`, { method: 'POST' });
    expect(foreign.status).toBe(404);
    const locked = await api(`/api/cases/1/revoke?guildId=${FREE}`, { method: 'POST' });
    expect(locked.status).toBe(403);
    expect(await tableCounts(s.services)).toEqual(before);
    expect((await api(`/api/cases?guildId=${PLUS}`)).json[2].reason).toBe('spam links');
    expect((await api(`/api/cases?guildId=${OTHER}`)).json[0].revokedAt).toBeNull();
  });

  it('revokes a case once: it stays on record with who and when', async () => {
    const res = await api(`/api/cases/2/revoke?guildId=${PLUS}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.json.revokedAt).toEqual(expect.any(String));
    expect(res.json.revokedBy).toBe('admin');
    const again = await api(`/api/cases/2/revoke?guildId=${PLUS}`, { method: 'POST' });
    expect(again.json.revokedAt).toBe(res.json.revokedAt);
    expect((await api(`/api/cases?guildId=${PLUS}`)).json).toHaveLength(3);
  });
});

describe('case numbers', () => {
  it('stay unique and gapless when many cases are written at once', async () => {
    const guild = '7540';
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        insertCase(
          s.services.db,
          guild,
          {
            action: 'warn',
            targetId: ANA,
            targetName: 'ana',
            moderatorId: MOD,
            moderatorName: 'chloe',
            reason: `r${i}`,
            durationSeconds: null,
          },
          new Date(),
        ),
      ),
    );
    expect(made.map((c) => c.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });
});
