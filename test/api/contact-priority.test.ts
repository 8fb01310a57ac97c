import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll, rawGet } from '../../db/client';
import { SUPPORT_TARGETS } from '../../src/common/plans';
import { createSession, SESSION_COOKIE } from '../../src/server/core/admin-token';
import { contactEmail, findContactMessage } from '../../src/server/features/contact/contact';
import { seedGuild } from '../helpers/guilds';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Priority support backed by the inbox: a signed-in admin's message records the server they manage
 * and its plan then (verified) and is due by the plan's support target; a typed id alone is kept
 * unverified with no target; the operator's open list is ordered by when replies are due.
 */

const PRO = '111111111111111111';
const ULTIMATE = '222222222222222222';
const FREE = '333333333333333333';
const OTHER = '444444444444444444';
let s: TestServer;
let now = new Date('2026-06-01T10:00:00Z');
let cookie = '';

beforeAll(async () => {
  s = await startTestServer({ overrides: { clock: () => now } });
  await seedGuild(s.services, PRO, { plan: 'pro' });
  await seedGuild(s.services, ULTIMATE, { plan: 'ultimate' });
  await seedGuild(s.services, FREE, { plan: 'free' });
  await seedGuild(s.services, OTHER, { plan: 'ultimate' });
  const managed = [PRO, ULTIMATE, FREE].map((id) => ({
    id,
    name: `Server ${id}`,
    icon: null,
    owner: true,
    permissions: '0',
  }));
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

const message = (over: Record<string, unknown> = {}) => ({
  name: 'Ana Souza',
  email: 'ana@example.com',
  subject: 'Help',
  type: 'support',
  message: 'Translation stopped.',
  ...over,
});
const submit = (body: unknown, signedIn = false) =>
  s.api('/api/contact', { method: 'POST', body, headers: signedIn ? { cookie } : {} });
const row = async (id: number) =>
  (await rawGet(s.services.db, sql`select * from contact_messages where id = ${id}`)) as Record<
    string,
    unknown
  >;
const count = async () =>
  Number(((await rawGet(s.services.db, sql`select count(*) as n from contact_messages`)) as { n: number }).n);

describe('the server of a contact message', () => {
  it('signed in and managing it: the server and its plan are recorded, verified, due by the plan target', async () => {
    const res = await submit(message({ serverId: ` ${PRO} ` }), true);
    expect(res.status).toBe(201);
    const r = await row(res.json.id);
    expect(r.server_id).toBe(PRO);
    expect(r.server_plan).toBe('pro');
    expect(Boolean(Number(r.server_verified))).toBe(true);
    expect(Number(r.reply_due_at)).toBe(now.getTime() + SUPPORT_TARGETS.pro.minutes! * 60_000);
    // The email forward tells the operator the same.
    const m = (await findContactMessage(s.services.db, res.json.id))!;
    const mail = contactEmail({ SUPPORT_EMAIL: undefined, CONTACT_TO: 'op@example.com' }, m);
    expect(mail.text).toContain(`Server: ${PRO} (verified, pro plan)`);
    expect(mail.text).toContain('Reply due: 2026-06-01T14:00:00.000Z');
  });

  it('the plan is the one at the time of sending', async () => {
    const res = await submit(message({ serverId: ULTIMATE }), true);
    expect(await row(res.json.id)).toMatchObject({ server_plan: 'ultimate' });
    expect(Number((await row(res.json.id)).reply_due_at)).toBe(now.getTime() + 60 * 60_000);
  });

  it('a Free server is verified but has no target (community, best effort)', async () => {
    const r = await row((await submit(message({ serverId: FREE }), true)).json.id);
    expect(r).toMatchObject({ server_id: FREE, server_plan: 'free', reply_due_at: null });
    expect(Boolean(Number(r.server_verified))).toBe(true);
  });

  it('not signed in, or a server the sender does not manage: the id is kept unverified, no plan, no priority', async () => {
    for (const [serverId, signedIn] of [
      [ULTIMATE, false],
      [OTHER, true],
    ] as const) {
      const r = await row((await submit(message({ serverId }), signedIn)).json.id);
      expect(r).toMatchObject({ server_id: serverId, server_plan: null, reply_due_at: null });
      expect(Boolean(Number(r.server_verified))).toBe(false);
    }
  });

  it('without a server (or an empty field) nothing of a server is stored', async () => {
    for (const extra of [{}, { serverId: '' }]) {
      const r = await row((await submit(message(extra), true)).json.id);
      expect(r).toMatchObject({ server_id: null, server_plan: null, reply_due_at: null });
    }
  });

  it.each([
    ['letters', 'my-server'],
    ['too short', '12345'],
    ['too long', '123456789012345678901'],
    ['a number', 1234567],
  ])('a server id that is not a snowflake (%s): 400 naming serverId, nothing stored', async (_, serverId) => {
    const before = await count();
    const res = await submit(message({ serverId }), true);
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/serverId/);
    expect(res.text).toMatch(/Discord server ID|text/);
    expect(await count()).toBe(before);
  });
});

describe("the operator's inbox", () => {
  it('lists open messages by when their reply is due, those without a target after them', async () => {
    now = new Date('2026-06-02T10:00:00Z');
    const list = await s.api('/api/contact/messages', { admin: true });
    expect(list.status).toBe(200);
    const due = list.json.messages.map((m: { replyDueAt: string | null }) => m.replyDueAt);
    const withDue = due.filter((d: string | null) => d !== null);
    expect(withDue.length).toBe(2);
    expect(due.slice(0, 2)).toEqual(withDue);
    // Ultimate (1 h) before Pro (4 h): the one sent later but due sooner comes first.
    expect(list.json.messages[0].serverPlan).toBe('ultimate');
    expect(list.json.messages[1].serverPlan).toBe('pro');
    expect(list.json.messages[0].serverVerified).toBe(true);
    const rows = await rawAll(s.services.db, sql`select id from contact_messages`);
    expect(list.json.messages.length).toBe(rows.length);
  });
});
