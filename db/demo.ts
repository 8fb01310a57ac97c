import { sql } from 'drizzle-orm';
import { type Db, rawGet } from './client';
import { seedTranslationLogs, seedVoiceSessions } from './demo-activity';
import {
  seedAnnouncements,
  seedExchange,
  seedLearners,
  seedMembers,
  seedModerationLog,
  seedPolls,
  seedTickets,
} from './demo-community';
import { DEMO_GUILD_NAME } from './demo-content';
import { DAY, type DemoSeed, hash, prng } from './demo-seed';
import {
  seedChannelLinks,
  seedGuildAndChannels,
  seedReactionRoles,
  seedRoles,
  seedSettings,
} from './demo-server';

/** Tables whose rows mean "this guild is in use": seeding skips such a guild. */
const DATA_TABLES = [
  'translation_logs',
  'channel_links',
  'tickets',
  'announcements',
  'polls',
  'learner_progress',
  'voice_sessions',
  'member_xp',
  'moderation_logs',
  'reaction_roles',
];

/**
 * Fills a guild with realistic sample data so a newcomer sees a living dashboard: channels,
 * links, settings, polls, moderation, announcements, tickets, learners, voice sessions, XP and
 * about 3000 translation logs over the last 30 days. Deterministic for a guild and a time;
 * a guild that already has data is left alone. Answers a one-line summary.
 */
export async function seedDemo(db: Db, guildId: string, now: Date): Promise<string> {
  let inUse: string | undefined;
  for (const table of DATA_TABLES) {
    if (await rawGet(db, sql`select 1 from ${sql.identifier(table)} where guild_id = ${guildId} limit 1`)) {
      inUse = table;
      break;
    }
  }
  if (inUse) return `guild ${guildId} already has data (${inUse}); nothing seeded`;

  const rnd = prng(hash(guildId) ^ Math.floor(now.getTime() / DAY));
  const t = now.getTime();
  const ago = (ms: number) => new Date(t - ms);
  // Discord-like ids (digits), distinct per guild so two demo guilds never collide.
  const idBase = 100_000 + (hash(`ids:${guildId}`) % 900_000);
  const snowflake = (kind: number, n: number) =>
    `1${idBase}${String(kind).padStart(2, '0')}${String(n).padStart(8, '0')}`;
  const userId = (m: number) => `9${String(100_000 + m).padStart(8, '0')}00000042`;
  const staffId = 'support-team';

  const counts: Record<string, number> = {};
  const add = (what: string, n = 1) => {
    counts[what] = (counts[what] ?? 0) + n;
  };

  const ch: Record<string, string> = {};
  const s: DemoSeed = { db, guildId, rnd, t, ago, snowflake, userId, staffId, ch, add };

  await db.$transaction(async () => {
    await seedGuildAndChannels(s);
    await seedRoles(s);
    await seedChannelLinks(s);
    await seedSettings(s);
    await seedMembers(s);
    await seedReactionRoles(s);
    await seedModerationLog(s);
    await seedPolls(s);
    await seedAnnouncements(s);
    await seedTickets(s);
    await seedLearners(s);
    await seedExchange(s);
    await seedVoiceSessions(s);
    await seedTranslationLogs(s);
  });

  const summary = Object.entries(counts)
    .map(([what, n]) => `${n} ${what}`)
    .join(', ');
  return `seeded guild ${guildId} (${DEMO_GUILD_NAME}): ${summary}`;
}
