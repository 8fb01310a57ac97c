import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, rawAll, rawGet, rawRun } from '../../db/client';
import { databaseLocation } from '../../src/server/core/env';
import { createSession, SESSION_COOKIE } from '../../src/server/core/admin-token';
import { backoffMs, forwardDue } from '../../src/server/features/contact/contact';
import { seedGuild } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

/**
 * The operator's contact inbox (list, filter, read, archive) and the forward of every message by
 * email through a real SMTP server on loopback, retried with backoff when it fails.
 */

const message = (over: Record<string, string> = {}) => ({
  name: 'Ana Souza',
  email: 'ana@example.com',
  subject: 'Mirror mode question',
  type: 'support',
  message: 'How do I link three channels?\nThanks!',
  ...over,
});

let s: TestServer;
let smtp: TestSmtp;
let now = new Date('2026-06-01T10:00:00Z');

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer({
    env: { SMTP_URL: smtp.url, CONTACT_TO: 'operator@example.com', SUPPORT_EMAIL: 'help@polyglot.test' },
    overrides: { clock: () => now },
  });
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

const submit = (body: unknown) => s.api('/api/contact', { method: 'POST', body });
const row = async (id: number) =>
  (await rawGet(s.services.db, sql`select * from contact_messages where id = ${id}`)) as Record<
    string,
    unknown
  >;
async function until<T>(
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not met in time');
}

describe('forwarding by email', () => {
  it('each contact message reaches CONTACT_TO through the SMTP server, with the sender as Reply-To', async () => {
    const res = await submit(message());
    expect(res.status).toBe(201);
    const mail = await until(() => smtp.received[0]);
    expect(mail.to).toEqual(['operator@example.com']);
    expect(mail.from).toBe('help@polyglot.test');
    expect(mail.raw).toContain('Subject: [Technical support] Mirror mode question');
    expect(mail.raw).toMatch(/Reply-To: Ana Souza <ana@example\.com>/);
    expect(mail.raw).toContain('How do I link three channels?');
    expect(mail.raw).toContain(`Message #${res.json.id}`);
    await until(async () => (await row(res.json.id)).forwarded_at);
    expect(await row(res.json.id)).toMatchObject({ forward_attempts: 1, forward_error: null });
  });

  it('a refused send is kept with its reason, retried after the backoff, and delivered once the server accepts', async () => {
    smtp.refuse = 'Mailbox temporarily unavailable';
    const before = smtp.received.length;
    const res = await submit(message({ subject: 'Bot offline', type: 'bug' }));
    expect(res.status).toBe(201);
    const failed = await until(async () =>
      (await row(res.json.id)).forward_error ? await row(res.json.id) : null,
    );
    expect(failed.forward_error).toContain('Mailbox temporarily unavailable');
    expect(failed).toMatchObject({ forward_attempts: 1, forwarded_at: null });
    expect(failed.next_forward_at).toBe(now.getTime() + backoffMs(1));
    // Not due yet: nothing is retried.
    expect(await forwardDue(s.services.db, s.services.env, () => now)).toBe(0);
    smtp.refuse = null;
    now = new Date(now.getTime() + backoffMs(1));
    expect(await forwardDue(s.services.db, s.services.env, () => now)).toBe(1);
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.raw).toContain('Subject: [Bug report] Bot offline');
    expect(await row(res.json.id)).toMatchObject({ forward_attempts: 2, forward_error: null });
    expect((await row(res.json.id)).forwarded_at).toBe(now.getTime());
  });

  it('backoff doubles from a minute up to an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => backoffMs(n) / 60_000)).toEqual([1, 2, 4, 8, 60, 60, 60]);
  });
});

describe('the inbox (operator only)', () => {
  it('lists messages newest first with type, subject, sender, time and read state, and filters by type', async () => {
    now = new Date(now.getTime() + 60_000);
    const worf = await submit(
      message({ subject: 'Add Klingon', type: 'feature', name: 'Worf', email: 'worf@example.com' }),
    );
    // Its forward runs in the background: settled here, so later snapshots see a still inbox.
    await until(async () => (await row(worf.json.id)).forwarded_at);
    const res = await s.api('/api/contact/messages', { admin: true });
    expect(res.status).toBe(200);
    expect(res.json.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Add Klingon',
      'Bot offline',
      'Mirror mode question',
    ]);
    expect(res.json.messages[0]).toMatchObject({
      type: 'feature',
      name: 'Worf',
      email: 'worf@example.com',
      readAt: null,
    });
    expect(res.json.unread).toBe(3);
    const bugs = await s.api('/api/contact/messages?type=bug', { admin: true });
    expect(bugs.json.messages.map((m: { subject: string }) => m.subject)).toEqual(['Bot offline']);
  });

  it('opening a message marks it read; it can be marked unread again', async () => {
    const [first] = (await s.api('/api/contact/messages', { admin: true })).json.messages;
    const opened = await s.api(`/api/contact/messages/${first.id}`, { admin: true });
    expect(opened.status).toBe(200);
    expect(opened.json.readAt).not.toBeNull();
    expect((await s.api('/api/contact/messages', { admin: true })).json.unread).toBe(2);
    const unread = await s.api(`/api/contact/messages/${first.id}`, {
      method: 'PATCH',
      admin: true,
      body: { read: false },
    });
    expect(unread.json.readAt).toBeNull();
  });

  it('archiving hides a message from the inbox and shows it under archived; unarchive brings it back', async () => {
    const [first] = (await s.api('/api/contact/messages', { admin: true })).json.messages;
    const res = await s.api(`/api/contact/messages/${first.id}/archive`, {
      method: 'POST',
      admin: true,
      body: { archived: true },
    });
    expect(res.status).toBe(200);
    expect((await s.api('/api/contact/messages', { admin: true })).json.messages).toHaveLength(2);
    const archived = await s.api('/api/contact/messages?archived=true', { admin: true });
    expect(archived.json.messages.map((m: { id: number }) => m.id)).toEqual([first.id]);
    await s.api(`/api/contact/messages/${first.id}/archive`, {
      method: 'POST',
      admin: true,
      body: { archived: false },
    });
    expect((await s.api('/api/contact/messages', { admin: true })).json.messages).toHaveLength(3);
  });

  it('bad input is refused naming the field and changes nothing', async () => {
    const before = await tableCounts(s.services);
    const snapshot = await rawAll(s.services.db, sql`select * from contact_messages`);
    expect((await s.api('/api/contact/messages?type=spam', { admin: true })).json.error).toContain(
      'type: must be one of',
    );
    expect((await s.api('/api/contact/messages?archived=maybe', { admin: true })).status).toBe(400);
    const bad = await s.api('/api/contact/messages/1/archive', {
      method: 'POST',
      admin: true,
      body: { archived: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('archived: must be true or false');
    expect((await s.api('/api/contact/messages/9999', { admin: true })).status).toBe(404);
    expect((await s.api('/api/contact/messages/abc', { admin: true })).status).toBe(400);
    expect((await s.api('/api/contact/messages/1/forward', { method: 'POST', admin: true })).status).toBe(
      409,
    );
    expect(await tableCounts(s.services)).toEqual(before);
    expect(await rawAll(s.services.db, sql`select * from contact_messages`)).toEqual(snapshot);
  });

  it('visitors get 401 and a Discord login (a server admin, not the operator) gets 403', async () => {
    expect((await s.api('/api/contact/messages')).status).toBe(401);
    const { cookieValue } = await createSession(s.services.db, new Date());
    await rawRun(s.services.db, sql`update admin_sessions set kind = 'discord'`);
    const res = await s.api('/api/contact/messages', {
      headers: { cookie: `${SESSION_COOKIE}=${cookieValue}` },
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toContain('only the operator');
  });
});

describe('without SMTP configured', () => {
  it('messages stay in the inbox and retrying a forward answers 503 naming the variables', async () => {
    const bare = await startTestServer();
    try {
      const res = await bare.api('/api/contact', { method: 'POST', body: message() });
      expect(res.status).toBe(201);
      const list = await bare.api('/api/contact/messages', { admin: true });
      expect(list.json).toMatchObject({ forwarding: false, unread: 1 });
      const retry = await bare.api(`/api/contact/messages/${res.json.id}/forward`, {
        method: 'POST',
        admin: true,
      });
      expect(retry.status).toBe(503);
      expect(retry.json.error).toContain('SMTP_URL and CONTACT_TO');
    } finally {
      await bare.close();
    }
  });

  it('a malformed SMTP_URL or CONTACT_TO stops the server naming the variable', async () => {
    const { loadEnv } = await import('../../src/server/core/env');
    expect(() => loadEnv({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => loadEnv({ CONTACT_TO: 'not-an-address' })).toThrow(/CONTACT_TO must be an email address/);
  });
});

describe('several web processes on one database', () => {
  it('a due forward is sent once when two processes retry it at the same moment', async () => {
    smtp.refuse = 'Mailbox temporarily unavailable';
    const res = await submit(message({ subject: 'Twice?', type: 'other' }));
    await until(async () => (await row(res.json.id)).forward_error);
    smtp.refuse = null;
    now = new Date(now.getTime() + backoffMs(1));
    const before = smtp.received.length;
    // A second connection to the same SQLite file stands for the other process.
    const other = await openDb(databaseLocation(s.services.env));
    try {
      const sent = await Promise.all([
        forwardDue(s.services.db, s.services.env, () => now),
        forwardDue(other, s.services.env, () => now),
      ]);
      expect(sent[0] + sent[1]).toBe(1);
      expect(smtp.received.length).toBe(before + 1);
      expect(smtp.received.at(-1)!.raw).toContain('Twice?');
      expect(await row(res.json.id)).toMatchObject({
        forward_attempts: 2,
        forward_error: null,
        forward_claimed_until: null,
      });
    } finally {
      await other.$close();
    }
  });
});

describe("an Ultimate server's account manager", () => {
  it('gets copies of the verified messages about their server; the email names them', async () => {
    const ULTIMATE = '260000000000000001';
    await seedGuild(s.services, ULTIMATE, { plan: 'ultimate' });
    const assigned = await s.api(`/api/contact/account-managers/${ULTIMATE}`, {
      method: 'PUT',
      admin: true,
      body: { name: 'Maya Chen', email: 'maya@polyglot.example' },
    });
    expect(assigned.status).toBe(200);
    const before = smtp.received.length;
    // The operator's token counts as managing every server: verified, Ultimate.
    const res = await s.api('/api/contact', {
      method: 'POST',
      admin: true,
      body: message({ subject: 'For our manager', serverId: ULTIMATE }),
    });
    expect(res.status).toBe(201);
    const mail = await until(() =>
      smtp.received.slice(before).find((m) => m.raw.includes('For our manager')),
    );
    expect(mail.to.sort()).toEqual(['maya@polyglot.example', 'operator@example.com']);
    expect(mail.raw).toMatch(/Cc: Maya Chen <maya@polyglot\.example>/);
    // The body is quoted-printable: soft line breaks (=CRLF) joined back.
    expect(mail.raw.replace(/=\r\n/g, '')).toContain('Account manager: Maya Chen <maya@polyglot.example>');

    // Typed by a visitor (not verified): the operator alone, no manager named.
    const typed = await s.api('/api/contact', {
      method: 'POST',
      body: message({ subject: 'Typed Ultimate id', serverId: ULTIMATE }),
    });
    expect(typed.status).toBe(201);
    const alone = await until(() => smtp.received.find((m) => m.raw.includes('Typed Ultimate id')));
    expect(alone.to).toEqual(['operator@example.com']);
    expect(alone.raw).not.toContain('Account manager:');
  });
});
