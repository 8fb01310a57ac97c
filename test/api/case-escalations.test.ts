import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase, revokeCase } from '../../src/server/features/cases/cases';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

/**
 * Escalation rules over /api/cases/escalations (add, list, remove; bounded and validated, bad input
 * writing nothing, another server's rules out of reach) and the cases export (CSV and JSON for a
 * range of days, Pro like every export).
 */

let s: TestServer;
const PRO = '7610';
const PLUS = '7620';
const FREE = '7630';
const OTHER = '7640';
const ANA = '100000000000000001';
const MOD = '100000000000000009';

beforeAll(async () => {
  s = await startTestServer({
    guilds: [
      { id: PRO, plan: 'pro' },
      { id: PLUS, plan: 'plus' },
      { id: FREE, plan: 'free' },
      { id: OTHER, plan: 'pro' },
    ],
  });
  const base = { targetId: ANA, targetName: 'ana, "es"', moderatorId: MOD, moderatorName: 'chloe' };
  const db = s.services.db;
  await insertCase(
    db,
    PRO,
    { ...base, action: 'warn', reason: 'spam', durationSeconds: null },
    new Date('2026-03-01T09:00:00Z'),
  );
  await insertCase(
    db,
    PRO,
    {
      ...base,
      action: 'timeout',
      moderatorId: null,
      moderatorName: '',
      reason: 'Escalation rule #1: 2 warns in 7 days → timeout 1h',
      durationSeconds: 3600,
    },
    new Date('2026-03-02T09:00:00Z'),
  );
  await insertCase(
    db,
    PRO,
    { ...base, action: 'kick', reason: 'later', durationSeconds: null },
    new Date('2026-04-02T09:00:00Z'),
  );
  await revokeCase(db, PRO, 1, MOD, new Date('2026-03-03T09:00:00Z'));
  await insertCase(
    db,
    OTHER,
    { ...base, action: 'ban', reason: 'other server', durationSeconds: null },
    new Date('2026-03-01T09:00:00Z'),
  );
});
afterAll(() => s?.close());

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  s.api(path, { ...init, admin: true });
const RULE = { counts: 'warn', threshold: 3, windowDays: 7, action: 'timeout', durationSeconds: 3600 };

describe('/api/cases/escalations', () => {
  it('adds, lists and removes a rule', async () => {
    const added = await api(`/api/cases/escalations?guildId=${PLUS}`, { method: 'POST', body: RULE });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ ...RULE, id: expect.any(Number) });
    const ban = await api(`/api/cases/escalations?guildId=${PLUS}`, {
      method: 'POST',
      body: { counts: 'timeout', threshold: 2, windowDays: 30, action: 'ban' },
    });
    expect(ban.json).toMatchObject({ action: 'ban', durationSeconds: null });
    const list = await api(`/api/cases/escalations?guildId=${PLUS}`);
    expect(list.json.map((r: { id: number }) => r.id)).toEqual([added.json.id, ban.json.id]);
    const removed = await api(`/api/cases/escalations/${ban.json.id}?guildId=${PLUS}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await api(`/api/cases/escalations?guildId=${PLUS}`)).json).toHaveLength(1);
  });

  const bad: [string, unknown, RegExp][] = [
    ['a threshold of 1', { ...RULE, threshold: 1 }, /threshold: at least 2/],
    ['a threshold of 21', { ...RULE, threshold: 21 }, /threshold: at most 20/],
    ['a window of 0 days', { ...RULE, windowDays: 0 }, /windowDays: at least 1/],
    ['a window of 91 days', { ...RULE, windowDays: 91 }, /windowDays: at most 90/],
    ['a fractional threshold', { ...RULE, threshold: 2.5 }, /threshold: must be a whole number/],
    ['counting kicks', { ...RULE, counts: 'kick' }, /counts: must be one of warn, timeout/],
    ['an unknown action', { ...RULE, action: 'mute' }, /action: must be one of timeout, kick, ban/],
    ['a timeout without a duration', { ...RULE, durationSeconds: null }, /a timeout needs a duration/],
    ['a timeout beyond 28 days', { ...RULE, durationSeconds: 29 * 86400 }, /Discord allows at most 28 days/],
    ['a kick with a duration', { ...RULE, action: 'kick' }, /only a timeout has a duration, not a kick/],
    ['the same count and window twice', RULE, /a rule for 3 warns in 7 days exists already/],
  ];
  for (const [what, body, message] of bad) {
    it(`refuses ${what}, writing nothing`, async () => {
      const before = await tableCounts(s.services);
      const res = await api(`/api/cases/escalations?guildId=${PLUS}`, { method: 'POST', body });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.text).toMatch(message);
      expect(await tableCounts(s.services)).toEqual(before);
    });
  }

  it('keeps at most 10 rules per server', async () => {
    for (let n = 4; n <= 12; n++) {
      const res = await api(`/api/cases/escalations?guildId=${PLUS}`, {
        method: 'POST',
        body: { ...RULE, threshold: n },
      });
      expect(res.status).toBe(200);
    }
    const before = await tableCounts(s.services);
    const res = await api(`/api/cases/escalations?guildId=${PLUS}`, {
      method: 'POST',
      body: { ...RULE, threshold: 13 },
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('at most 10 escalation rules; remove one first');
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it("refuses another server's rule, a bad id and the Free plan", async () => {
    const [mine] = (await api(`/api/cases/escalations?guildId=${PLUS}`)).json;
    const before = await tableCounts(s.services);
    const foreign = await api(`/api/cases/escalations/${mine.id}?guildId=${OTHER}`, { method: 'DELETE' });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain(`escalation rule ${mine.id} not found`);
    const word = await api(`/api/cases/escalations/abc?guildId=${PLUS}`, { method: 'DELETE' });
    expect(word.status).toBe(400);
    expect(word.text).toContain('id: must be a rule id');
    const locked = await api(`/api/cases/escalations?guildId=${FREE}`, { method: 'POST', body: RULE });
    expect(locked.status).toBe(403);
    expect(locked.json.locked).toEqual({ capability: 'cases', plan: 'plus' });
    expect(await tableCounts(s.services)).toEqual(before);
  });
});

describe('GET /api/exports/cases', () => {
  const RANGE = 'from=2026-03-01&to=2026-03-31';

  it('exports the range of cases as CSV, revocations included, another server left out', async () => {
    const res = await api(`/api/exports/cases?guildId=${PRO}&${RANGE}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-rows')).toBe('2');
    expect(parse(res.text, { columns: true })).toEqual([
      {
        number: '1',
        createdAt: '2026-03-01T09:00:00.000Z',
        action: 'warn',
        targetId: ANA,
        targetName: 'ana, "es"',
        moderatorId: MOD,
        moderatorName: 'chloe',
        reason: 'spam',
        durationSeconds: '',
        revokedAt: '2026-03-03T09:00:00.000Z',
        revokedBy: MOD,
      },
      expect.objectContaining({ number: '2', action: 'timeout', moderatorId: '', durationSeconds: '3600' }),
    ]);
    expect(res.text).not.toContain('other server');
  });

  it('exports the same rows as JSON', async () => {
    const res = await api(`/api/exports/cases?guildId=${PRO}&${RANGE}&format=json`);
    expect(res.status).toBe(200);
    const { dataset, rows } = JSON.parse(res.text);
    expect(dataset).toBe('cases');
    expect(rows.map((r: { number: number }) => r.number)).toEqual([1, 2]);
    expect(rows[1]).toMatchObject({ moderatorId: null, durationSeconds: 3600, revokedAt: null });
  });

  it('names Pro on Plus (cases are there, exports are not)', async () => {
    const res = await api(`/api/exports/cases?guildId=${PLUS}&${RANGE}`);
    expect(res.status).toBe(403);
    expect(res.json.locked).toEqual({ capability: 'analyticsExport', plan: 'pro' });
  });
});
