import { eq, sql } from 'drizzle-orm';
import { type Db, rawGet } from './client';
import {
  ANNOUNCEMENTS,
  DEMO_GUILD_NAME,
  HOUR_WEIGHTS,
  LEARNERS,
  MEMBERS,
  MODERATION_SAMPLES,
  POLLS,
  TARGET_WEIGHTS,
  TICKETS,
  WEEKDAY_FACTORS,
  WELCOME_MESSAGES,
} from './demo-content';
import {
  announcements,
  botConfig,
  channelLinkChannels,
  channelLinkLanguages,
  channelLinks,
  exchangeMembers,
  exchangePairs,
  guildChannels,
  guildRoles,
  guilds,
  learnerProgress,
  memberXp,
  moderationLogs,
  moderationRules,
  polls,
  pollVotes,
  reactionRoles,
  ticketMessages,
  tickets,
  translationLogs,
  translationSettings,
  voiceSessions,
  welcomeConfig,
} from './schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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

/** mulberry32: a small seeded PRNG, so the same guild and time give the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const weighted = <T>(items: readonly T[], weights: readonly number[]): T => {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i];
      if (r < 0) return items[i];
    }
    return items[items.length - 1];
  };
  return { next, int, weighted };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

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

  await db.$transaction(async () => {
    // ---- guild and its channels --------------------------------------------------------------
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
    const ch: Record<string, string> = {};
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

    // ---- roles, as the bot syncs them: the ones the welcome and the reaction roles give --------
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

    // ---- channel links -------------------------------------------------------------------------
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

    // ---- settings ------------------------------------------------------------------------------
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

    // ---- members and XP ------------------------------------------------------------------------
    for (const [m, [username]] of MEMBERS.entries()) {
      const messageCount = Math.round(900 / (m + 1) ** 0.8) + rnd.int(0, 40);
      const xp = messageCount * rnd.int(15, 25);
      await db
        .insert(memberXp)
        .values({
          guildId,
          userId: userId(m),
          username,
          xp,
          level: Math.floor(Math.sqrt(xp / 100)),
          messageCount,
          lastMessageAt: ago(rnd.int(5, 72 * 60) * MINUTE),
        })
        .run();
    }
    add('members', MEMBERS.length);

    // ---- reaction roles ------------------------------------------------------------------------
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

    // ---- moderation log ------------------------------------------------------------------------
    for (let i = 0; i < 20; i++) {
      const [type, message, action, rule, language] =
        MODERATION_SAMPLES[rnd.int(0, MODERATION_SAMPLES.length - 1)];
      await db
        .insert(moderationLogs)
        .values({
          guildId,
          type,
          // One of the demo's members (their names show in the feed), never a made-up id.
          userId: userId(rnd.int(0, MEMBERS.length - 1)),
          message,
          action,
          rule,
          language,
          timestamp: ago(rnd.int(10, 14 * 24 * 60) * MINUTE),
        })
        .run();
    }
    add('moderation logs', 20);

    // ---- polls ---------------------------------------------------------------------------------
    const row0 = 1;
    for (const poll of POLLS) {
      const row = await db
        .insert(polls)
        .values({
          guildId,
          channelId: ch['general-en'],
          question: poll.question,
          options: poll.options.map((text, i) => ({ id: `opt-${i + 1}`, text })),
          allowMultiple: poll.allowMultiple,
          active: poll.active,
          endsAt: poll.active ? new Date(t + 3 * DAY) : ago((poll.daysAgo - 2) * DAY),
          createdBy: 'admin',
          createdAt: ago(poll.daysAgo * DAY),
          // Shown as posted (a demo message id), so no bot tries to post demo polls.
          messageId: `9${String(row0 + POLLS.indexOf(poll)).padStart(17, '0')}`,
          closedAt: poll.active ? null : ago((poll.daysAgo - 2) * DAY),
        })
        .returning()
        .get();
      const voters = rnd.int(8, MEMBERS.length);
      for (let m = 0; m < voters; m++) {
        const choices = poll.allowMultiple ? rnd.int(1, 2) : 1;
        const picked = new Set<number>();
        const optionNumbers = poll.options.map((_, i) => i + 1);
        const optionWeights = [5, 3, 2, 1].slice(0, poll.options.length);
        while (picked.size < choices) picked.add(rnd.weighted(optionNumbers, optionWeights));
        for (const option of picked) {
          await db
            .insert(pollVotes)
            .values({
              pollId: row.id,
              optionId: `opt-${option}`,
              userId: userId(m),
              createdAt: ago(poll.daysAgo * DAY - m * HOUR),
            })
            .run();
        }
      }
    }
    add('polls', POLLS.length);

    // ---- announcements -------------------------------------------------------------------------
    const targets = [
      { language: 'es', channelId: ch['general-es'] },
      { language: 'fr', channelId: ch['general-fr'] },
      { language: 'de', channelId: ch['general-de'] },
    ];
    for (const a of ANNOUNCEMENTS) {
      const createdAt = ago(a.daysAgo * DAY + 2 * HOUR);
      const postedAt = a.status === 'posted' ? new Date(createdAt.getTime() + 10 * MINUTE) : null;
      await db
        .insert(announcements)
        .values({
          guildId,
          status: a.status,
          createdBy: 'admin',
          originalText: a.text,
          originalLanguage: 'en',
          translations: a.translations,
          targetChannels: targets,
          postRequestedAt: postedAt,
          postedAt,
          postResults: postedAt
            ? targets.map((target, i) => ({
                ...target,
                ok: true,
                messageId: snowflake(4, a.daysAgo * 10 + i),
              }))
            : null,
          createdAt,
        })
        .run();
    }
    add('announcements', ANNOUNCEMENTS.length);

    // ---- tickets -------------------------------------------------------------------------------
    for (const ticket of TICKETS) {
      const [, userLanguage] = MEMBERS[ticket.member];
      const openedAt = t - ticket.hoursAgo * HOUR;
      const row = await db
        .insert(tickets)
        .values({
          guildId,
          status: ticket.status,
          subject: ticket.subject,
          description: ticket.description,
          supportLanguage: 'en',
          userLanguage,
          userId: userId(ticket.member),
          channelId: ch.support,
          priority: ticket.priority,
          category: ticket.category,
          createdAt: new Date(openedAt),
          resolvedAt: ticket.status === 'resolved' ? new Date(openedAt + 4 * HOUR) : null,
        })
        .returning()
        .get();
      for (const [i, msg] of ticket.messages.entries()) {
        const language = msg.staff ? 'en' : userLanguage;
        const other = msg.staff ? userLanguage : 'en';
        const translations: Record<string, string> = { [language]: msg.original };
        if (msg.translation && other !== language) translations[other] = msg.translation;
        const at = new Date(openedAt + msg.after * MINUTE);
        await db
          .insert(ticketMessages)
          .values({
            ticketId: row.id,
            messageId: snowflake(5, row.id * 10 + i),
            userId: msg.staff ? staffId : userId(ticket.member),
            originalText: msg.original,
            originalLanguage: language,
            translations,
            translated: true,
            isStaff: msg.staff,
            deliveredAt: msg.staff ? at : null,
            createdAt: at,
          })
          .run();
      }
    }
    add('tickets', TICKETS.length);

    // ---- language learners ---------------------------------------------------------------------
    for (const [m, learning, level] of LEARNERS) {
      const [username, native] = MEMBERS[m];
      const base = { beginner: 40, intermediate: 220, advanced: 600 }[level];
      const reviewed = base * 2 + rnd.int(0, 150);
      const skill = { beginner: 0.62, intermediate: 0.76, advanced: 0.88 }[level];
      await db
        .insert(learnerProgress)
        .values({
          guildId,
          userId: userId(m),
          username,
          learningLanguage: learning,
          nativeLanguage: native,
          difficultyLevel: level,
          wordsLearned: base + rnd.int(0, base),
          practiceStreak: rnd.next() < 0.25 ? 0 : rnd.int(1, 45),
          flashcardsReviewed: reviewed,
          correctAnswers: Math.round(reviewed * (skill + rnd.next() * 0.08)),
          lastPracticedAt: ago(rnd.int(1, 96) * HOUR),
          createdAt: ago(rnd.int(5, 28) * DAY),
        })
        .run();
    }
    add('learners', LEARNERS.length);

    // ---- language exchange: two pairs told by DM, two members waiting ---------------------------
    const exchange: [member: number, learning: string, waitingHours: number][] = [
      [0, 'en', 50],
      [1, 'es', 40],
      [2, 'en', 30],
      [4, 'fr', 26],
      [5, 'en', 9],
      [6, 'en', 3],
    ];
    for (const [m, learning, hours] of exchange) {
      const [username, native] = MEMBERS[m];
      await db
        .insert(exchangeMembers)
        .values({
          guildId,
          userId: userId(m),
          username,
          nativeLanguage: native,
          learningLanguage: learning,
          replyLanguage: native,
          waitingSince: ago(hours * HOUR),
          joinedAt: ago(hours * HOUR),
        })
        .run();
    }
    for (const [a, b, hours] of [
      [0, 1, 40],
      [2, 4, 26],
    ] as const) {
      await db
        .insert(exchangePairs)
        .values({
          guildId,
          userA: userId(a),
          userB: userId(b),
          languageA: MEMBERS[a][1],
          languageB: MEMBERS[b][1],
          createdAt: ago(hours * HOUR),
          toldA: 'dm',
          toldB: 'reply',
          deliveredAt: ago(hours * HOUR),
        })
        .run();
    }
    add('exchange members', exchange.length);

    // ---- voice sessions ------------------------------------------------------------------------
    const pairs: [string, string][] = [
      ['en', 'es'],
      ['es', 'en'],
      ['en', 'fr'],
      ['de', 'en'],
      ['en', 'ja'],
      ['pt', 'en'],
    ];
    for (let i = 0; i < 12; i++) {
      const active = i < 2;
      const [source, target] = pairs[i % pairs.length];
      const duration = active ? 0 : rnd.int(5, 95) * 60 + rnd.int(0, 59);
      const startedAt = active ? ago((i === 0 ? 8 : 25) * MINUTE) : ago((i * 40 + rnd.int(0, 30)) * HOUR);
      const seconds = active ? (t - startedAt.getTime()) / 1000 : duration;
      await db
        .insert(voiceSessions)
        .values({
          guildId,
          channelId: ch.Lounge,
          sourceLanguage: source,
          targetLanguage: target,
          status: active ? 'active' : 'ended',
          durationSeconds: duration,
          charactersProcessed: Math.round(seconds * (9 + rnd.next() * 6)),
          startedBy: userId(i % 5),
          startedAt,
          endedAt: active ? null : new Date(startedAt.getTime() + duration * 1000),
        })
        .run();
    }
    add('voice sessions', 12);

    // ---- translation logs (about 3000 over the last 30 days) -----------------------------------
    const logRows: (typeof translationLogs.$inferInsert)[] = [];
    const memberWeights = MEMBERS.map((_, m) => 1 / (m + 1) ** 0.8);
    const memberIndexes = MEMBERS.map((_, m) => m);
    const joinedDaysAgo = (m: number) => (m < 15 ? 30 : 6 + (19 - m) * 2);
    const hours = HOUR_WEIGHTS.map((_, h) => h);
    const today = Math.floor(t / DAY) * DAY;
    let logs = 0;
    for (let d = 29; d >= 0; d--) {
      const dayStart = today - d * DAY;
      const weekday = (new Date(dayStart).getUTCDay() + 6) % 7;
      const growth = 0.8 + (0.4 * (29 - d)) / 29;
      const n = Math.round(96 * WEEKDAY_FACTORS[weekday] * growth * (0.9 + rnd.next() * 0.2));
      for (let i = 0; i < n; i++) {
        const at = dayStart + rnd.weighted(hours, HOUR_WEIGHTS) * HOUR + rnd.int(0, HOUR - 1);
        if (at > t) continue;
        // The last few members joined in the last two weeks (the active-users trend moves).
        let m = rnd.weighted(memberIndexes, memberWeights);
        while (d > joinedDaysAgo(m)) m = rnd.weighted(memberIndexes, memberWeights);
        const [username, native] = MEMBERS[m];
        const others = TARGET_WEIGHTS.filter(([code]) => code !== native);
        const target = rnd.weighted(
          others.map(([code]) => code),
          others.map(([, w]) => w),
        );
        const roll = rnd.next();
        const outcome = roll < 0.02 ? 'error' : roll < 0.025 ? 'rate_limited' : 'ok';
        const latency =
          outcome === 'rate_limited' ? 0 : Math.min(8000, Math.round(280 + -Math.log(1 - rnd.next()) * 380));
        const channel =
          target === 'pt' || native === 'pt'
            ? ch['trading-pt']
            : (ch[`general-${target}`] ?? ch['general-en']);
        const source = rnd.weighted(['mirror', 'context-menu', 'reaction', 'single'], [70, 20, 7, 3]);
        // Which provider lane served it (the Analytics providers card): mostly the operator's Gemini,
        // some from the cache, a few from the DeepL fallback while Gemini was down; a failure names
        // the lane asked first. Taken from the row's number, not the random sequence, so every
        // other demo figure stays as it was.
        const slot = logs % 100;
        const provider =
          outcome !== 'ok' || slot >= 14 ? 'gemini:gemini-2.5-flash' : slot < 3 ? 'deepl:deepl' : 'cache';
        logRows.push({
          guildId,
          channelId: channel,
          userId: userId(m),
          username,
          sourceLanguage: native,
          targetLanguage: target,
          characters: rnd.int(12, 280),
          latencyMs: latency,
          outcome,
          source,
          provider,
          createdAt: new Date(at),
        });
        logs++;
      }
    }
    for (let i = 0; i < logRows.length; i += 500) {
      await db
        .insert(translationLogs)
        .values(logRows.slice(i, i + 500))
        .run();
    }
    add('translation logs', logs);
  });

  const summary = Object.entries(counts)
    .map(([what, n]) => `${n} ${what}`)
    .join(', ');
  return `seeded guild ${guildId} (${DEMO_GUILD_NAME}): ${summary}`;
}
