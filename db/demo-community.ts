import { ANNOUNCEMENTS, LEARNERS, MEMBERS, MODERATION_SAMPLES, POLLS, TICKETS } from './demo-content';
import { DAY, type DemoSeed, HOUR, MINUTE } from './demo-seed';
import {
  announcements,
  exchangeMembers,
  exchangePairs,
  learnerProgress,
  memberXp,
  moderationLogs,
  polls,
  pollVotes,
  ticketMessages,
  tickets,
} from './schema';

/**
 * The demo server's community: members and XP, moderation log, polls, announcements, tickets,
 * learners and the language exchange. Called in order by seedDemo (demo.ts): the random sequence
 * depends on it.
 */

/** Members and XP. */
export async function seedMembers(s: DemoSeed): Promise<void> {
  const { db, guildId, rnd, ago, userId, add } = s;
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
}

/** Moderation log. */
export async function seedModerationLog(s: DemoSeed): Promise<void> {
  const { db, guildId, rnd, ago, userId, add } = s;
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
}

/** Polls. */
export async function seedPolls(s: DemoSeed): Promise<void> {
  const { db, guildId, rnd, t, ago, userId, ch, add } = s;
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
}

/** Announcements. */
export async function seedAnnouncements(s: DemoSeed): Promise<void> {
  const { db, guildId, ago, snowflake, ch, add } = s;
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
}

/** Tickets. */
export async function seedTickets(s: DemoSeed): Promise<void> {
  const { db, guildId, t, snowflake, userId, staffId, ch, add } = s;
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
}

/** Language learners. */
export async function seedLearners(s: DemoSeed): Promise<void> {
  const { db, guildId, rnd, ago, userId, add } = s;
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
}

/** Language exchange: two pairs told by DM, two members waiting. */
export async function seedExchange(s: DemoSeed): Promise<void> {
  const { db, guildId, ago, userId, add } = s;
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
}
