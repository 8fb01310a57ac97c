import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { seedDemo } from '../../db/demo';
import {
  apiKeys,
  channelLinks,
  channelWebhooks,
  exchangeSettings,
  glossaryTerms,
  guilds,
  messageCopies,
  mirrorAuthors,
  queueJobs,
  translationStyle,
  usageNotices,
  voiceSettings,
  whiteLabel,
  xpSettings,
} from '../../db/schema';
import { KEPT_ON_RESET } from '../../src/common/settings/reset';
import { hashKey } from '../../src/server/core/admin-token';
import { ANALYTICS_TABLES, RESET_TABLES } from '../../src/server/features/settings/reset';
import { guildScopedTables } from '../helpers/database';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';
import { seedUsage } from '../translation/helpers';

const NOW = new Date('2026-10-05T12:00:00Z');
let s: TestServer;

/** Rows of one guild in every table, children counted through their parent. */
async function guildRows(guildId: string): Promise<Record<string, number>> {
  const count = async (query: SQL) => (await rawGet<{ n: number }>(s.services.db, query))?.n ?? 0;
  const out: Record<string, number> = {};
  for (const name of guildScopedTables())
    out[name] = await count(
      sql`select count(*) as n from ${sql.identifier(name)} where guild_id = ${guildId}`,
    );
  return {
    ...out,
    guild: await count(sql`select count(*) as n from guilds where id = ${guildId}`),
    channel_link_channels: await count(
      sql`select count(*) as n from channel_link_channels c join channel_links l on l.id = c.link_id where l.guild_id = ${guildId}`,
    ),
    poll_votes: await count(
      sql`select count(*) as n from poll_votes v join polls p on p.id = v.poll_id where p.guild_id = ${guildId}`,
    ),
    ticket_messages: await count(
      sql`select count(*) as n from ticket_messages m join tickets t on t.id = m.ticket_id where t.guild_id = ${guildId}`,
    ),
  };
}

beforeAll(async () => {
  s = await startTestServer({ overrides: { clock: () => NOW } });
  for (const guildId of ['5001', '5002', 'default']) {
    await seedDemo(s.services.db, guildId, NOW);
    await s.services.db
      .insert(messageCopies)
      .values({
        guildId,
        originalMessageId: `${guildId}1`,
        originalChannelId: '1',
        copyMessageId: `${guildId}2`,
        copyChannelId: '2',
        language: 'es',
      })
      .run();
    await s.services.db.insert(usageNotices).values({ guildId, month: '2026-10', threshold: 75 }).run();
    await s.services.db
      .insert(channelWebhooks)
      .values({ channelId: `7${guildId}`, guildId, webhookId: `8${guildId}`, webhookToken: 'token' })
      .run();
    // What the privacy page promises Reset Data deletes too: glossary, style, white-label, the
    // allowed bot authors of links, API keys, and the settings screens' rows.
    const db = s.services.db;
    await db.insert(glossaryTerms).values({ guildId, term: 'Polyglot' }).run();
    await db.insert(translationStyle).values({ guildId, customInstructions: 'Keep it short.' }).run();
    await db.insert(whiteLabel).values({ guildId, nickname: 'Lingo', updatedAt: NOW, appliedAt: NOW }).run();
    await db
      .insert(apiKeys)
      .values({
        guildId,
        name: 'ci',
        prefix: 'pgk_reset',
        hash: hashKey(`pgk_reset_${guildId}`),
        createdBy: '1',
      })
      .run();
    const link = await db.select().from(channelLinks).where(eq(channelLinks.guildId, guildId)).get();
    await db
      .insert(mirrorAuthors)
      .values({ linkId: link!.id, guildId, authorId: '9', kind: 'bot', name: 'Feeds', channelId: '1' })
      .run();
    await db.insert(xpSettings).values({ guildId }).run();
    await db.insert(voiceSettings).values({ guildId }).run();
    await db.insert(exchangeSettings).values({ guildId }).run();
  }
  await s.services.db.update(guilds).set({ plan: 'ultimate' }).where(eq(guilds.id, '5001')).run();
});
afterAll(() => s.close());

const reset = (guildId: string | null, body: unknown, admin = true) =>
  s.api(`/api/guild/reset${guildId ? `?guildId=${guildId}` : ''}`, { method: 'POST', admin, body });

describe('POST /api/guild/reset', () => {
  it.each([
    ['confirm', {}],
    ['confirm', { confirm: '5002' }],
    ['confirm', { confirm: '' }],
    ['confirm', { confirm: 5001 }],
  ])('rejects a missing or wrong %s with 400 and deletes nothing (#%#)', async (field, body) => {
    const before = await tableCounts(s.services);
    const res = await reset('5001', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('needs credentials', async () => {
    const before = await tableCounts(s.services);
    expect((await reset('5001', { confirm: '5001' }, false)).status).toBe(401);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it("erases the guild's data, keeps its plan and channel list, and leaves other guilds untouched", async () => {
    const mine = await guildRows('5001');
    const other = await guildRows('5002');
    expect(mine.translation_logs).toBeGreaterThan(2000);
    expect(mine.ticket_messages).toBeGreaterThan(0);

    for (const t of ['glossary_terms', 'translation_style', 'white_label', 'api_keys', 'mirror_authors'])
      expect([t, mine[t]]).toEqual([t, 1]);
    const key = { headers: { authorization: 'Bearer pgk_reset_5001' } };
    expect((await s.api('/api/stats?guildId=5001', key)).status).toBe(200);
    const usageBefore = (await s.api('/api/usage?guildId=5001', { admin: true })).json;
    const res = await reset('5001', { confirm: '5001' });
    expect(res.status).toBe(200);
    expect(res.json.reset).toBe(true);
    expect(res.json.deleted.translation_logs).toBe(mine.translation_logs);

    const after = await guildRows('5001');
    // Billing records stay: the usage notices already sent this month.
    const kept = {
      guild: 1,
      guild_channels: mine.guild_channels,
      guild_roles: mine.guild_roles,
      channel_webhooks: 1,
      usage_notices: 1,
      // The white-label profile's reset, queued for the bot.
      queue_jobs: 1,
    };
    for (const [table, n] of Object.entries(after)) {
      expect([table, n]).toEqual([table, kept[table as keyof typeof kept] ?? 0]);
    }
    const job = await s.services.db.select().from(queueJobs).where(eq(queueJobs.guildId, '5001')).get();
    expect(job).toMatchObject({ kind: 'whiteLabel:apply' });
    // The API key is revoked: it no longer opens anything.
    expect((await s.api('/api/stats?guildId=5001', key)).status).toBe(401);
    const guild = await s.services.db.select().from(guilds).where(eq(guilds.id, '5001')).get();
    expect(guild).toMatchObject({ plan: 'ultimate', name: expect.stringContaining('demo') });
    expect(await guildRows('5002')).toEqual(other);
    // The month's usage survives, so a reset never refills the allowance.
    expect(usageBefore.used).toBeGreaterThan(0);
    const usageAfter = (await s.api('/api/usage?guildId=5001', { admin: true })).json;
    expect(usageAfter.used).toBe(usageBefore.used);
  });

  it("every table holding a server's rows is emptied by Reset Data or listed as kept on the privacy page", async () => {
    // A new guild-scoped table fails here until it is placed in one list or the other.
    const kept = KEPT_ON_RESET.flatMap((k) => k.tables);
    // Integrations end at YouTube and Twitch first (settings/router.ts), then go with their links.
    const handled = new Set([...RESET_TABLES, ...ANALYTICS_TABLES, ...kept, 'integrations']);
    expect(guildScopedTables().filter((t) => !handled.has(t))).toEqual([]);
    expect(kept.filter((t) => !guildScopedTables().includes(t) && t !== 'guilds')).toEqual([]);
    // The privacy page lists each of these (test/web/contact-priority.test.ts reads it).
  });

  it('a Free guild at its allowance stays paused after a reset', async () => {
    await s.services.db.update(guilds).set({ plan: 'free' }).where(eq(guilds.id, '5002')).run();
    const used = (await s.api('/api/usage?guildId=5002', { admin: true })).json.used as number;
    await seedUsage(s.services.db, '5002', 1000 - used, NOW);
    const before = (await s.api('/api/usage?guildId=5002', { admin: true })).json;
    expect(before).toMatchObject({ plan: 'free', paused: true });
    expect((await reset('5002', { confirm: '5002' })).status).toBe(200);
    const after = (await s.api('/api/usage?guildId=5002', { admin: true })).json;
    expect(after).toMatchObject({ used: before.used, paused: true });
    await s.services.db.update(guilds).set({ plan: 'pro' }).where(eq(guilds.id, '5002')).run();
  });

  it('the dashboard then shows an empty guild', async () => {
    const stats = await s.api('/api/stats?guildId=5001', { admin: true });
    expect(stats.json).toMatchObject({ totalTranslations: 0, linkedChannels: 0, hasData: false });
    expect((await s.api('/api/tickets?guildId=5001', { admin: true })).json).toEqual([]);
    expect((await s.api('/api/config?guildId=5001', { admin: true })).json).toMatchObject({ prefix: '/' });
    const channels = await s.api('/api/discord/channels?guildId=5001', { admin: true });
    expect(channels.json.length).toBeGreaterThan(0);
  });

  it('resets the default guild when no guildId is given, and can run twice', async () => {
    const res = await reset(null, { confirm: 'default' });
    expect(res.status).toBe(200);
    expect((await guildRows('default')).translation_logs).toBe(0);
    const again = await reset(null, { confirm: 'default' });
    expect(again.status).toBe(200);
    expect(Object.values(again.json.deleted).every((n) => n === 0)).toBe(true);
  });
});
