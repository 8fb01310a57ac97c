import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { botConfig, memberXp, type XpRoleReward, xpSettings } from '../../../../db/schema';
import { hasCapability } from '../../core/plans';

/**
 * XP and levels, by the convention members know from MEE6: 15 to 25 XP for a message, at most once
 * a minute; going from level L to L+1 takes 5·L² + 50·L + 100 XP.
 */

export const XP_MIN = 15;
export const XP_MAX = 25;
export const XP_COOLDOWN_MS = 60_000;

/** XP needed to go from `level` to `level + 1`. */
export function xpToNext(level: number): number {
  return 5 * level * level + 50 * level + 100;
}

/** The level reached with `total` XP, and the progress within it. */
export function levelOf(total: number): { level: number; into: number; needed: number } {
  let level = 0;
  let rest = total;
  while (rest >= xpToNext(level)) {
    rest -= xpToNext(level);
    level++;
  }
  return { level, into: rest, needed: xpToNext(level) };
}

export interface XpSettings {
  levelUpChannelId: string;
  ignoredChannels: string[];
  roleRewards: XpRoleReward[];
}

export async function readXpSettings(db: Db, guildId: string): Promise<XpSettings> {
  const row = await db.select().from(xpSettings).where(eq(xpSettings.guildId, guildId)).get();
  return {
    levelUpChannelId: row?.levelUpChannelId ?? '',
    ignoredChannels: row?.ignoredChannels ?? [],
    roleRewards: [...(row?.roleRewards ?? [])].sort((a, b) => a.level - b.level),
  };
}

export async function writeXpSettings(
  db: Db,
  guildId: string,
  patch: Partial<XpSettings>,
): Promise<XpSettings> {
  await db
    .insert(xpSettings)
    .values({ guildId, ...patch })
    .onConflictDoUpdate({ target: xpSettings.guildId, set: patch })
    .run();
  return await readXpSettings(db, guildId);
}

/** Leveling is on: the plan includes it and the admin did not switch it off. */
export async function levelingOn(db: Db, guildId: string): Promise<boolean> {
  const enabled =
    (await db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get())?.levelingEnabled ?? true;
  return enabled && (await hasCapability(db, guildId, 'leveling'));
}

export type Award =
  | { awarded: false; why: 'off' | 'ignored channel' | 'cooldown' }
  | { awarded: true; gained: number; xp: number; level: number; leveledUp: boolean; rewardRoles: string[] };

/**
 * A member's message (the bot never calls this for bots or webhooks): 15 to 25 XP unless the last
 * award was less than a minute ago or the channel is ignored. A level-up gives the role rewards of
 * every level reached.
 */
export async function awardMessage(
  db: Db,
  input: {
    guildId: string;
    userId: string;
    username: string;
    channelId: string;
    parentChannelId?: string | null;
  },
  now: Date,
  random: () => number = Math.random,
): Promise<Award> {
  if (!(await levelingOn(db, input.guildId))) return { awarded: false, why: 'off' };
  const settings = await readXpSettings(db, input.guildId);
  const ignored = new Set(settings.ignoredChannels);
  if (ignored.has(input.channelId) || (input.parentChannelId && ignored.has(input.parentChannelId)))
    return { awarded: false, why: 'ignored channel' };
  const gained = XP_MIN + Math.floor(random() * (XP_MAX - XP_MIN + 1));
  return await db.$transaction(async (tx) => {
    // Messages of one member at the same moment: one award, every message counted.
    await lockFor(tx, `xp:${input.guildId}:${input.userId}`);
    const row = await tx
      .select()
      .from(memberXp)
      .where(and(eq(memberXp.guildId, input.guildId), eq(memberXp.userId, input.userId)))
      .get();
    if (row?.lastMessageAt && now.getTime() - row.lastMessageAt.getTime() < XP_COOLDOWN_MS) {
      await tx
        .update(memberXp)
        .set({ messageCount: row.messageCount + 1, username: input.username })
        .where(and(eq(memberXp.guildId, input.guildId), eq(memberXp.userId, input.userId)))
        .run();
      return { awarded: false, why: 'cooldown' } as const;
    }
    const before = row?.level ?? 0;
    const xp = (row?.xp ?? 0) + gained;
    const level = levelOf(xp).level;
    await tx
      .insert(memberXp)
      .values({
        guildId: input.guildId,
        userId: input.userId,
        username: input.username,
        xp,
        level,
        messageCount: 1,
        lastMessageAt: now,
      })
      .onConflictDoUpdate({
        target: [memberXp.guildId, memberXp.userId],
        set: {
          username: input.username,
          xp,
          level,
          messageCount: sql`${memberXp.messageCount} + 1`,
          lastMessageAt: now,
        },
      })
      .run();
    const leveledUp = level > before;
    const rewardRoles = leveledUp
      ? settings.roleRewards.filter((r) => r.level > before && r.level <= level).map((r) => r.roleId)
      : [];
    return { awarded: true, gained, xp, level, leveledUp, rewardRoles } as const;
  });
}

/** The member's standing: XP, level, progress, and place in the server (1 = most XP). */
export async function memberRank(db: Db, guildId: string, userId: string) {
  const row = await db
    .select()
    .from(memberXp)
    .where(and(eq(memberXp.guildId, guildId), eq(memberXp.userId, userId)))
    .get();
  const xp = row?.xp ?? 0;
  const ahead =
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(memberXp)
        .where(
          and(
            eq(memberXp.guildId, guildId),
            or(gt(memberXp.xp, xp), and(eq(memberXp.xp, xp), sql`${memberXp.userId} < ${userId}`)),
          ),
        )
        .get()
    )?.n ?? 0;
  const members =
    (await db.select({ n: sql<number>`count(*)` }).from(memberXp).where(eq(memberXp.guildId, guildId)).get())
      ?.n ?? 0;
  return {
    userId,
    xp,
    ...levelOf(xp),
    messages: row?.messageCount ?? 0,
    rank: row ? ahead + 1 : null,
    members,
  };
}

/** The top members by XP (ties: the lower user id first, so the order is stable). */
export async function leaderboard(db: Db, guildId: string, limit = 10) {
  return (
    await db
      .select({
        userId: memberXp.userId,
        username: memberXp.username,
        xp: memberXp.xp,
        messages: memberXp.messageCount,
      })
      .from(memberXp)
      .where(eq(memberXp.guildId, guildId))
      .orderBy(desc(memberXp.xp), memberXp.userId)
      .limit(limit)
      .all()
  ).map((r, i) => ({ rank: i + 1, ...r, level: levelOf(r.xp).level }));
}
