import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../bot/client';
import { rawGet } from '../../db/client';
import { announcements, polls } from '../../db/schema';
import { type FakeDiscord, type FakeGuild, makeGuild, makeMember, startFakeDiscord } from '../fakes/discord';
import { setGuildPlan } from '../helpers/guilds';
import { startTestServer, type TestServer } from '../helpers/server';
import { eventually } from './harness';

/**
 * The bot's second lock: a queued job whose record names a channel of another server (a record
 * that reached the database without the dashboard's check) is refused before anything is posted:
 * the job fails at once with the reason, the item shows it, and Discord sees no call for that
 * channel. The bot is in both servers, as it would be in production.
 */

let fake: FakeDiscord;
let server: TestServer;
let bot: RunningBot;
let a: FakeGuild;
let b: FakeGuild;

beforeAll(async () => {
  a = makeGuild('Server A', ['general', 'spanish'], [makeMember('alice')]);
  b = makeGuild('Server B', ['b-general'], [makeMember('bob')]);
  fake = await startFakeDiscord({ guilds: [a, b] });
  server = await startTestServer({
    env: { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl, DEFAULT_GUILD_ID: a.id },
  });
  const started = await startBot(server.services, { retries: 0 });
  if (!started) throw new Error('bot did not start');
  bot = started;
  await bot.ready;
  await setGuildPlan(server.services, a.id, 'pro');
});
afterAll(async () => {
  await bot?.stop();
  await fake?.close();
  await server?.close();
});

const foreignChannel = () => b.channels[0]?.id as string;

interface JobRow {
  status: string;
  attempts: number;
  last_error: string | null;
}
const job = (id: number) =>
  rawGet<JobRow>(
    server.services.db,
    sql`select status, attempts, last_error from queue_jobs where id = ${id}`,
  );
const touching = (channelId: string) => fake.calls.filter((c) => c.path.includes(channelId));

describe('a queued job naming another server’s channel', () => {
  it('a poll is not posted: the job fails at once with the reason, the poll shows it', async () => {
    const { db, queue } = server.services;
    const poll = await db
      .insert(polls)
      .values({
        guildId: a.id,
        channelId: foreignChannel(),
        question: { en: 'Forged?' },
        options: [
          { id: 'opt-1', text: { en: 'Yes' } },
          { id: 'opt-2', text: { en: 'No' } },
        ],
        createdBy: 'forger',
      })
      .returning()
      .get();
    const jobId = await queue.enqueue('polls:changed', a.id, { guildId: a.id, pollId: poll.id });
    const failed = await eventually(async () => {
      const row = await job(jobId);
      return row?.status === 'failed' ? row : null;
    });
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toContain(
      `refused: channel ${foreignChannel()} is not a channel of server ${a.id}`,
    );
    const stored = await db.select().from(polls).where(eq(polls.id, poll.id)).get();
    expect(stored?.messageId).toBeNull();
    expect(stored?.postError).toContain('refused');
    expect(touching(foreignChannel())).toEqual([]);
  });

  it('an announcement is not posted there; its own server’s channel still gets its copy', async () => {
    const { db, queue } = server.services;
    const own = a.channels.find((c) => c.name === 'spanish')?.id as string;
    const row = await db
      .insert(announcements)
      .values({
        guildId: a.id,
        createdBy: 'forger',
        originalText: 'Hello',
        originalLanguage: 'en',
        translations: { es: 'Hola', fr: 'Bonjour' },
        targetChannels: [
          { language: 'es', channelId: own },
          { language: 'fr', channelId: foreignChannel() },
        ],
        postRequestedAt: new Date(),
      })
      .returning()
      .get();
    const jobId = await queue.enqueue('announcement:post', a.id, { guildId: a.id, announcementId: row.id });
    const failed = await eventually(async () => {
      const j = await job(jobId);
      return j?.status === 'failed' ? j : null;
    });
    expect(failed.last_error).toContain('refused');
    const stored = await db.select().from(announcements).where(eq(announcements.id, row.id)).get();
    expect(stored?.postResults).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channelId: own, ok: true }),
        expect.objectContaining({
          channelId: foreignChannel(),
          ok: false,
          error: expect.stringContaining('refused'),
        }),
      ]),
    );
    expect(fake.calls.some((c) => c.method === 'POST' && c.path === `/channels/${own}/messages`)).toBe(true);
    expect(touching(foreignChannel())).toEqual([]);
  });
});
