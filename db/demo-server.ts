import { eq } from 'drizzle-orm';
import { DEMO_GUILD_NAME, WELCOME_MESSAGES } from './demo-content';
import { DAY, type DemoSeed } from './demo-seed';
import {
  botConfig,
  channelLinkChannels,
  channelLinkLanguages,
  channelLinks,
  guildChannels,
  guildRoles,
  guilds,
  moderationRules,
  reactionRoles,
  translationSettings,
  welcomeConfig,
} from './schema';

/**
 * The demo server's structure: the guild, its channels and roles, channel links, settings and
 * reaction roles. Called in order by seedDemo (demo.ts): the random sequence depends on it.
 */

/** Guild and its channels. */
export async function seedGuildAndChannels(s: DemoSeed): Promise<void> {
  const { db, guildId, snowflake, ch, add } = s;
  await db
    .insert(guilds)
    .values({ id: guildId, name: DEMO_GUILD_NAME, plan: 'ultimate' })
    .onConflictDoNothing()
    .run();
  const guild = (await db.select().from(guilds).where(eq(guilds.id, guildId)).get())!;
  if (guild.name === '')
    await db.update(guilds).set({ name: DEMO_GUILD_NAME }).where(eq(guilds.id, guildId)).run();
  // The demo shows every screen with data: support tickets need Ultimate (voice needs Pro), so
  // a demo guild still on Free moves to Ultimate (a paid plan is left as it is).
  if (guild.plan === 'free')
    await db.update(guilds).set({ plan: 'ultimate' }).where(eq(guilds.id, guildId)).run();

  const category = snowflake(1, 0);
  const channelDefs: [name: string, type: number][] = [
    ['welcome', 0],
    ['announcements', 5],
    ['general-en', 0],
    ['general-es', 0],
    ['general-fr', 0],
    ['general-de', 0],
    ['trading-en', 0],
    ['trading-pt', 0],
    ['support', 0],
    ['mod-log', 0],
    ['Lounge', 2],
  ];
  await db
    .insert(guildChannels)
    .values({ id: category, guildId, name: 'Community', type: 4, position: 0 })
    .onConflictDoNothing()
    .run();
  for (const [i, [name, type]] of channelDefs.entries()) {
    ch[name] = snowflake(1, i + 1);
    await db
      .insert(guildChannels)
      .values({ id: ch[name], guildId, name, type, parentId: category, position: i + 1 })
      .onConflictDoNothing()
      .run();
  }
  add('channels', channelDefs.length + 1);
}

/** Roles, as the bot syncs them: the ones the welcome and the reaction roles give. */
export async function seedRoles(s: DemoSeed): Promise<void> {
  const { db, guildId, snowflake, add } = s;
  const roleDefs: [id: string, name: string, color: number][] = [
    [snowflake(2, 1), 'Member', 0x95a5a6],
    [snowflake(2, 10), 'English', 0x3498db],
    [snowflake(2, 11), 'Español', 0xe67e22],
    [snowflake(2, 12), 'Français', 0x2ecc71],
    [snowflake(2, 13), 'Deutsch', 0xf1c40f],
    [snowflake(2, 14), '日本語', 0xe74c3c],
    [snowflake(2, 20), 'Gamer', 0x9b59b6],
    [snowflake(2, 21), 'Language learner', 0x1abc9c],
  ];
  await db
    .insert(guildRoles)
    .values({
      id: snowflake(2, 0),
      guildId,
      name: 'Polyglot',
      color: 0x5865f2,
      position: 20,
      managed: true,
    })
    .onConflictDoNothing()
    .run();
  for (const [i, [id, name, color]] of roleDefs.entries())
    await db
      .insert(guildRoles)
      .values({ id, guildId, name, color, position: roleDefs.length - i, assignable: true })
      .onConflictDoNothing()
      .run();
  add('roles', roleDefs.length + 1);
}

/** Channel links. */
export async function seedChannelLinks(s: DemoSeed): Promise<void> {
  const { db, guildId, ago, ch, add } = s;
  const linkDefs: [name: string, mode: 'mirror' | 'single', channels: [string, string][]][] = [
    [
      'General chat',
      'mirror',
      [
        ['general-en', 'en'],
        ['general-es', 'es'],
        ['general-fr', 'fr'],
        ['general-de', 'de'],
      ],
    ],
    [
      'Trading',
      'mirror',
      [
        ['trading-en', 'en'],
        ['trading-pt', 'pt'],
      ],
    ],
    ['Support desk', 'single', [['support', 'en']]],
  ];
  for (const [i, [name, mode, members]] of linkDefs.entries()) {
    const link = await db
      .insert(channelLinks)
      .values({ guildId, name, mode, createdAt: ago((25 - i * 5) * DAY) })
      .returning()
      .get();
    await db
      .insert(channelLinkChannels)
      .values(
        members.map(([channel, language], position) => ({
          linkId: link.id,
          channelId: ch[channel],
          language,
          position,
        })),
      )
      .run();
    // A single-channel link replies with translations into its list of languages.
    if (mode === 'single') {
      await db
        .insert(channelLinkLanguages)
        .values(
          ['es', 'fr', 'de', 'pt'].map((language, position) => ({ linkId: link.id, language, position })),
        )
        .run();
    }
  }
  add('links', linkDefs.length);
}

/** Settings. */
export async function seedSettings(s: DemoSeed): Promise<void> {
  const { db, guildId, snowflake, ch } = s;
  await db.insert(translationSettings).values({ guildId }).onConflictDoNothing().run();
  await db.insert(botConfig).values({ guildId }).onConflictDoNothing().run();
  await db
    .insert(welcomeConfig)
    .values({
      guildId,
      enabled: true,
      messages: WELCOME_MESSAGES,
      channelId: ch.welcome,
      roleId: snowflake(2, 1),
    })
    .onConflictDoNothing()
    .run();
  await db
    .insert(moderationRules)
    .values({
      guildId,
      spamDetection: true,
      contentFiltering: true,
      bannedWords: ['free nitro', 'crypto giveaway'],
      autoDelete: true,
      logChannelId: ch['mod-log'],
    })
    .onConflictDoNothing()
    .run();
}

/** Reaction roles. */
export async function seedReactionRoles(s: DemoSeed): Promise<void> {
  const { db, guildId, ago, snowflake, ch, add } = s;
  await db
    .insert(reactionRoles)
    .values([
      {
        guildId,
        channelId: ch.welcome,
        messageId: snowflake(3, 1),
        roles: [
          { emoji: '🇬🇧', label: 'English', roleId: snowflake(2, 10) },
          { emoji: '🇪🇸', label: 'Español', roleId: snowflake(2, 11) },
          { emoji: '🇫🇷', label: 'Français', roleId: snowflake(2, 12) },
          { emoji: '🇩🇪', label: 'Deutsch', roleId: snowflake(2, 13) },
          { emoji: '🇯🇵', label: '日本語', roleId: snowflake(2, 14) },
        ],
        createdAt: ago(25 * DAY),
      },
      {
        guildId,
        channelId: ch.welcome,
        messageId: snowflake(3, 2),
        roles: [
          { emoji: '🎮', label: 'Gamer', roleId: snowflake(2, 20) },
          { emoji: '📚', label: 'Language learner', roleId: snowflake(2, 21) },
        ],
        createdAt: ago(18 * DAY),
      },
    ])
    .run();
  add('reaction roles', 2);
}
