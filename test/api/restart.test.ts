import { sql } from 'drizzle-orm';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer | null = null;
let dir = '';
afterAll(async () => {
  await s?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('server restart', () => {
  it('keeps what was written before the restart: settings, config, contact messages and sessions', async () => {
    const first = await startTestServer({ guilds: ['4242', '4343'] });
    s = first;
    dir = first.dir;

    const patched = await first.api('/api/translation/settings?guildId=4242', {
      method: 'PATCH',
      admin: true,
      body: { translationTone: 'formal', rateLimitPerUser: 70 },
    });
    expect(patched.status).toBe(200);
    const config = await first.api('/api/config?guildId=4242', {
      method: 'PATCH',
      admin: true,
      body: { prefix: '?' },
    });
    expect(config.status).toBe(200);
    const contact = await first.api('/api/contact', {
      method: 'POST',
      body: {
        name: 'Kai',
        email: 'kai@example.com',
        subject: 'Hello',
        type: 'other',
        message: 'Still there?',
      },
    });
    expect(contact.status).toBe(201);
    const login = await fetch(`${first.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { token: first.services.adminToken } }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^pb_session=./);

    await first.stop();
    const second = await startTestServer({ dir });
    s = second;

    const settings = await second.api('/api/translation/settings?guildId=4242', { admin: true });
    expect(settings.json).toMatchObject({
      translationTone: 'formal',
      rateLimitPerUser: 70,
      autoDetect: true,
    });
    const otherGuild = await second.api('/api/translation/settings?guildId=4343', { admin: true });
    expect(otherGuild.json.translationTone).toBe('casual');
    const cfg = await second.api('/api/config?guildId=4242', { admin: true });
    expect(cfg.json.prefix).toBe('?');
    const stored = await rawAll(second.services.db, sql`select id, name, message from contact_messages`);
    expect(stored).toEqual([{ id: contact.json.id, name: 'Kai', message: 'Still there?' }]);
    const bySession = await second.api('/api/config?guildId=4242', { headers: { cookie } });
    expect(bySession.status).toBe(200);
  });
});
