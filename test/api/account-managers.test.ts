import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds } from '../../db/schema';
import { SUPPORT_TARGETS } from '../../src/common/plans';
import { createSession, SESSION_COOKIE } from '../../src/server/core/admin-token';
import { seedGuild } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

/**
 * The Ultimate plan's account manager, backed: the operator assigns a person (name, email) to an
 * Ultimate server; the server's admins read them on their dashboard (GET /api/account-manager);
 * the operator's inbox tags that server's verified messages with them. Only the operator assigns;
 * only an Ultimate server gets one; bad input names the field and writes nothing.
 */

const ULTIMATE = '222222222222222222';
const PRO = '111111111111111111';
const UNKNOWN = '999999999999999999';
let s: TestServer;
let cookie = '';
const now = new Date('2026-06-01T10:00:00Z');

beforeAll(async () => {
  s = await startTestServer({ overrides: { clock: () => now } });
  await seedGuild(s.services, ULTIMATE, { plan: 'ultimate' });
  await seedGuild(s.services, PRO, { plan: 'pro' });
  const managed = [ULTIMATE, PRO].map((id) => ({ id, name: id, icon: null, owner: true, permissions: '0' }));
  const session = await createSession(s.services.db, now, {
    discordUserId: '42',
    username: 'ana',
    avatar: null,
    accessToken: 'token',
    guilds: managed,
  });
  cookie = `${SESSION_COOKIE}=${session.cookieValue}`;
});
afterAll(async () => {
  await s?.close();
});

const assign = (serverId: string, body: unknown, as: 'operator' | 'admin' = 'operator') =>
  s.api(`/api/contact/account-managers/${serverId}`, {
    method: 'PUT',
    body,
    ...(as === 'operator' ? { admin: true } : { headers: { cookie } }),
  });
const seen = (serverId: string) => s.api(`/api/account-manager?guildId=${serverId}`, { headers: { cookie } });
const MAYA = { name: 'Maya Chen', email: 'maya@polyglot.example' };

describe('account managers', () => {
  it('an Ultimate server without one: null, with the plan reply time', async () => {
    const res = await seen(ULTIMATE);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      plan: 'ultimate',
      manager: null,
      replyTarget: SUPPORT_TARGETS.ultimate.label,
    });
  });

  it('bad input names the problem and writes nothing', async () => {
    const before = await tableCounts(s.services);
    const cases: [string, unknown, number, RegExp][] = [
      [ULTIMATE, { email: MAYA.email }, 400, /name: is required/],
      [ULTIMATE, { name: '  ', email: MAYA.email }, 400, /name: is required/],
      [ULTIMATE, { name: MAYA.name, email: 'maya' }, 400, /email: must be a valid email address/],
      [ULTIMATE, { name: 'x'.repeat(101), email: MAYA.email }, 400, /name: must be at most 100 characters/],
      [ULTIMATE, { name: 7, email: MAYA.email }, 400, /name: must be text/],
      ['not a server!', MAYA, 400, /serverId: must be a Discord server id/],
      [UNKNOWN, MAYA, 404, new RegExp(`server ${UNKNOWN} not found`)],
      [PRO, MAYA, 400, /serverId: server \d+ is on the Pro plan; an account manager comes with Ultimate/],
    ];
    for (const [serverId, body, status, message] of cases) {
      const res = await assign(serverId, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.text).toMatch(message);
    }
    // A server's own admin is not the operator: they do not assign their manager.
    const byAdmin = await assign(ULTIMATE, MAYA, 'admin');
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.text).toMatch(/only the operator/);
    expect(
      (await s.api(`/api/contact/account-managers/${ULTIMATE}`, { method: 'PUT', body: MAYA })).status,
    ).toBe(401);
    const removeNone = await s.api(`/api/contact/account-managers/${ULTIMATE}`, {
      method: 'DELETE',
      admin: true,
    });
    expect(removeNone.status).toBe(404);
    expect(removeNone.text).toMatch(/account manager of server \d+ not found/);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('assigned by the operator: the dashboard names them and the inbox tags the server’s messages', async () => {
    const res = await assign(ULTIMATE, { name: ` ${MAYA.name} `, email: MAYA.email });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject(MAYA);
    expect((await seen(ULTIMATE)).json).toMatchObject({ plan: 'ultimate', manager: MAYA });

    // A verified message about the server carries the manager; a typed (unverified) one does not.
    const body = { name: 'Ana', email: 'ana@example.com', subject: 'Help', type: 'support', message: 'Hi' };
    expect(
      (
        await s.api('/api/contact', {
          method: 'POST',
          body: { ...body, serverId: ULTIMATE },
          headers: { cookie },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await s.api('/api/contact', {
          method: 'POST',
          body: { ...body, subject: 'Typed', serverId: ULTIMATE },
        })
      ).status,
    ).toBe(201);
    const inbox = await s.api('/api/contact/messages', { admin: true });
    const bySubject = Object.fromEntries(
      (inbox.json.messages as { subject: string; accountManager: unknown }[]).map((m) => [m.subject, m]),
    );
    expect(bySubject.Help.accountManager).toMatchObject(MAYA);
    expect(bySubject.Typed.accountManager).toBeNull();

    // Replaced by another person.
    await assign(ULTIMATE, { name: 'Leo', email: 'leo@polyglot.example' });
    expect((await seen(ULTIMATE)).json.manager).toEqual({ name: 'Leo', email: 'leo@polyglot.example' });
  });

  it('off Ultimate, the dashboard names no manager; removed, none', async () => {
    // The server leaves Ultimate: the assignment is kept but no longer shown.
    await s.services.db.update(guilds).set({ plan: 'pro' }).where(eq(guilds.id, ULTIMATE)).run();
    expect((await seen(ULTIMATE)).json).toEqual({
      plan: 'pro',
      manager: null,
      replyTarget: SUPPORT_TARGETS.pro.label,
    });
    await s.services.db.update(guilds).set({ plan: 'ultimate' }).where(eq(guilds.id, ULTIMATE)).run();
    expect((await seen(ULTIMATE)).json.manager).toMatchObject({ name: 'Leo' });
    const removed = await s.api(`/api/contact/account-managers/${ULTIMATE}`, {
      method: 'DELETE',
      admin: true,
    });
    expect(removed.status).toBe(200);
    expect((await seen(ULTIMATE)).json.manager).toBeNull();
  });
});
