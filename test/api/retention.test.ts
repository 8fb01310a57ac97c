import { eq as eqId, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { guilds, polls, pollVotes, translationLogs } from '../../db/schema';
import { runRetention } from '../../src/server/core/retention';
import { retentionPurges } from '../../src/server/app/services';
import { seedGuild } from '../helpers/guilds';
import { startTestServer, type TestServer } from '../helpers/server';

const DAY = 86_400_000;
let s: TestServer;
const now = new Date('2026-11-20T03:17:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);

beforeAll(async () => {
  s = await startTestServer({ guilds: ['kept', 'left-long-ago', 'left-recently', 'came-back'] });
});
afterAll(() => s.close());

async function log(guildId: string, at: Date) {
  await s.services.db
    .insert(translationLogs)
    .values({ guildId, sourceLanguage: 'en', targetLanguage: 'es', characters: 10, createdAt: at })
    .run();
}
const count = async (query: SQL) => ((await rawGet(s.services.db, query)) as { n: number }).n;

describe('privacy retention job', () => {
  it('deletes logs past 90 days and the data of servers the bot left over 30 days ago; nothing else', async () => {
    const { db } = s.services;
    await log('kept', daysAgo(91));
    await log('kept', daysAgo(89));
    await log('kept', daysAgo(1));
    for (const [id, leftDays] of [
      ['left-long-ago', 31],
      ['left-recently', 29],
    ] as const) {
      await db
        .update(guilds)
        .set({ present: false, leftAt: daysAgo(leftDays) })
        .where(eqId(guilds.id, id))
        .run();
      const poll = await db
        .insert(polls)
        .values({
          guildId: id,
          channelId: '1',
          question: { en: 'Q' },
          options: [{ id: 'opt-1', text: { en: 'A' } }],
          createdBy: 'admin',
        })
        .returning()
        .get();
      await db.insert(pollVotes).values({ pollId: poll.id, optionId: 'opt-1', userId: 'u1' }).run();
      await log(id, daysAgo(2));
    }
    // Left 40 days ago, but re-added the bot since: present again, keeps its data.
    await db
      .update(guilds)
      .set({ present: false, leftAt: daysAgo(40) })
      .where(eqId(guilds.id, 'came-back'))
      .run();
    await seedGuild(s.services, 'came-back');
    await log('came-back', daysAgo(3));

    const result = await runRetention(db, now, retentionPurges);
    expect(result).toMatchObject({ translationLogs: 1, servers: 1 });
    expect(await count(sql`select count(*) n from translation_logs where guild_id = ${'kept'}`)).toBe(2);
    expect(await count(sql`select count(*) n from guilds where id = ${'left-long-ago'}`)).toBe(0);
    expect(await count(sql`select count(*) n from polls where guild_id = ${'left-long-ago'}`)).toBe(0);
    expect(
      await count(sql`select count(*) n from translation_logs where guild_id = ${'left-long-ago'}`),
    ).toBe(0);
    expect(await count(sql`select count(*) n from polls where guild_id = ${'left-recently'}`)).toBe(1);
    expect(await count(sql`select count(*) n from translation_logs where guild_id = ${'came-back'}`)).toBe(1);
    expect(await count(sql`select count(*) n from poll_votes`)).toBe(1);

    // A day later nothing more is due; 2 days later the recent leaver's 30 days are up.
    expect(await runRetention(db, new Date(now.getTime() + DAY), retentionPurges)).toMatchObject({
      translationLogs: 0,
      servers: 0,
    });
    expect(await runRetention(db, new Date(now.getTime() + 2 * DAY), retentionPurges)).toMatchObject({
      servers: 1,
    });
    expect(await count(sql`select count(*) n from polls`)).toBe(0);
  });
});
