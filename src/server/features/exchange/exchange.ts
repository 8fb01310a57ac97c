import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { exchangeMembers, exchangePairs, exchangeSettings, memberXp } from '../../../../db/schema';

/**
 * Language exchange (the Pro plan): members say what they speak natively and what they learn;
 * two waiting members are paired when each speaks what the other learns. Among candidates the one
 * who waited longest wins, then the more active one (messages counted by XP on this server), then
 * the lower user id. A member is in at most one active pair. Pairs are rows first; the bot tells
 * both members and opens their thread afterwards (services/exchange-delivery.ts).
 */

/** The database or a transaction of it: the functions below run inside join/leave/next's transaction. */

type MemberRow = typeof exchangeMembers.$inferSelect;
type PairRow = typeof exchangePairs.$inferSelect;

export async function memberRow(db: Db, guildId: string, userId: string): Promise<MemberRow | undefined> {
  return await db
    .select()
    .from(exchangeMembers)
    .where(and(eq(exchangeMembers.guildId, guildId), eq(exchangeMembers.userId, userId)))
    .get();
}

/** The member's active pair, if any. */
export async function activePairOf(db: Db, guildId: string, userId: string): Promise<PairRow | undefined> {
  return await db
    .select()
    .from(exchangePairs)
    .where(
      and(
        eq(exchangePairs.guildId, guildId),
        isNull(exchangePairs.endedAt),
        or(eq(exchangePairs.userA, userId), eq(exchangePairs.userB, userId)),
      ),
    )
    .get();
}

export async function activePairs(db: Db, guildId: string): Promise<PairRow[]> {
  return await db
    .select()
    .from(exchangePairs)
    .where(and(eq(exchangePairs.guildId, guildId), isNull(exchangePairs.endedAt)))
    .orderBy(asc(exchangePairs.createdAt), asc(exchangePairs.id))
    .all();
}

export const partnerOf = (pair: PairRow, userId: string) => (pair.userA === userId ? pair.userB : pair.userA);

/** Members waiting (in the exchange, in no active pair), who waited longest first, then the most active. */
export async function waitingMembers(db: Db, guildId: string): Promise<(MemberRow & { activity: number })[]> {
  const paired = new Set((await activePairs(db, guildId)).flatMap((p) => [p.userA, p.userB]));
  const activity = new Map(
    (
      await db
        .select({ userId: memberXp.userId, messages: memberXp.messageCount })
        .from(memberXp)
        .where(eq(memberXp.guildId, guildId))
        .all()
    ).map((r) => [r.userId, r.messages]),
  );
  return (await db.select().from(exchangeMembers).where(eq(exchangeMembers.guildId, guildId)).all())
    .filter((m) => !paired.has(m.userId))
    .map((m) => ({ ...m, activity: activity.get(m.userId) ?? 0 }))
    .sort(
      (a, b) =>
        a.waitingSince.getTime() - b.waitingSince.getTime() ||
        b.activity - a.activity ||
        a.userId.localeCompare(b.userId),
    );
}

const compatible = (a: MemberRow, b: MemberRow) =>
  a.userId !== b.userId &&
  a.nativeLanguage === b.learningLanguage &&
  a.learningLanguage === b.nativeLanguage &&
  a.previousPartnerId !== b.userId &&
  b.previousPartnerId !== a.userId;

/**
 * Pairs whoever can be paired now: each waiting member, longest wait first, takes the best
 * candidate (longest wait, then most active). Returns the new pairs' ids.
 */
export async function runMatching(db: Db, guildId: string, now: Date): Promise<number[]> {
  const waiting = await waitingMembers(db, guildId);
  const taken = new Set<string>();
  const created: number[] = [];
  for (const m of waiting) {
    if (taken.has(m.userId)) continue;
    const partner = waiting.find((c) => !taken.has(c.userId) && compatible(m, c));
    if (!partner) continue;
    taken.add(m.userId);
    taken.add(partner.userId);
    const row = await db
      .insert(exchangePairs)
      .values({
        guildId,
        userA: m.userId,
        userB: partner.userId,
        languageA: m.nativeLanguage,
        languageB: partner.nativeLanguage,
        createdAt: now,
      })
      .returning({ id: exchangePairs.id })
      .get();
    for (const who of [m.userId, partner.userId])
      await db
        .update(exchangeMembers)
        .set({ previousPartnerId: null })
        .where(and(eq(exchangeMembers.guildId, guildId), eq(exchangeMembers.userId, who)))
        .run();
    created.push(row.id);
  }
  return created;
}

export interface JoinRequest {
  userId: string;
  username: string;
  native: string;
  learning: string;
  replyLanguage: string;
}

/** /exchange join: the member waits, then matching runs. 'already' when they are in (nothing written). */
export async function joinExchange(db: Db, guildId: string, req: JoinRequest, now: Date) {
  return await db.$transaction(async (tx) => {
    // Matching reads who waits and then pairs them: one change of the server's exchange at a time.
    await lockFor(tx, `exchange:${guildId}`);
    const existing = await memberRow(tx, guildId, req.userId);
    if (existing) return { kind: 'already' as const, member: existing };
    await tx
      .insert(exchangeMembers)
      .values({
        guildId,
        userId: req.userId,
        username: req.username,
        nativeLanguage: req.native,
        learningLanguage: req.learning,
        replyLanguage: req.replyLanguage,
        waitingSince: now,
        joinedAt: now,
      })
      .run();
    const created = await runMatching(tx, guildId, now);
    return { kind: 'joined' as const, created, pair: (await activePairOf(tx, guildId, req.userId)) ?? null };
  });
}

async function endPair(db: Db, pair: PairRow, by: string, reason: 'next' | 'left', now: Date) {
  await db
    .update(exchangePairs)
    .set({ endedAt: now, endedReason: reason, endedBy: by })
    .where(eq(exchangePairs.id, pair.id))
    .run();
  // Both wait afresh from now.
  await db
    .update(exchangeMembers)
    .set({ waitingSince: now })
    .where(
      and(
        eq(exchangeMembers.guildId, pair.guildId),
        or(eq(exchangeMembers.userId, pair.userA), eq(exchangeMembers.userId, pair.userB)),
      ),
    )
    .run();
}

/** /exchange leave: the member's pair ends (the partner waits again and may be matched), the member leaves. */
export async function leaveExchange(db: Db, guildId: string, userId: string, now: Date) {
  return await db.$transaction(async (tx) => {
    // Matching reads who waits and then pairs them: one change of the server's exchange at a time.
    await lockFor(tx, `exchange:${guildId}`);
    const member = await memberRow(tx, guildId, userId);
    if (!member) return { kind: 'not in' as const };
    const pair = await activePairOf(tx, guildId, userId);
    if (pair) await endPair(tx, pair, userId, 'left', now);
    await tx
      .delete(exchangeMembers)
      .where(and(eq(exchangeMembers.guildId, guildId), eq(exchangeMembers.userId, userId)))
      .run();
    const created = await runMatching(tx, guildId, now);
    return { kind: 'left' as const, ended: pair ?? null, created };
  });
}

/**
 * /exchange next: ends the member's pair; both wait again and are not matched with each other
 * again (until one of them gets someone else); matching runs for everyone.
 */
export async function nextPartner(db: Db, guildId: string, userId: string, now: Date) {
  return await db.$transaction(async (tx) => {
    // Matching reads who waits and then pairs them: one change of the server's exchange at a time.
    await lockFor(tx, `exchange:${guildId}`);
    const member = await memberRow(tx, guildId, userId);
    if (!member) return { kind: 'not in' as const };
    const pair = await activePairOf(tx, guildId, userId);
    if (!pair) return { kind: 'waiting' as const, member };
    await endPair(tx, pair, userId, 'next', now);
    const partnerId = partnerOf(pair, userId);
    for (const [who, other] of [
      [userId, partnerId],
      [partnerId, userId],
    ] as const)
      await tx
        .update(exchangeMembers)
        .set({ previousPartnerId: other })
        .where(and(eq(exchangeMembers.guildId, guildId), eq(exchangeMembers.userId, who)))
        .run();
    const created = await runMatching(tx, guildId, now);
    return {
      kind: 'ended' as const,
      ended: pair,
      created,
      pair: (await activePairOf(tx, guildId, userId)) ?? null,
    };
  });
}

/** Keeps the language the bot speaks to the member current (their latest command's). */
export async function touchMember(
  db: Db,
  guildId: string,
  userId: string,
  replyLanguage: string,
  username: string,
) {
  await db
    .update(exchangeMembers)
    .set({ replyLanguage, username })
    .where(and(eq(exchangeMembers.guildId, guildId), eq(exchangeMembers.userId, userId)))
    .run();
}

// ---- Settings ----------------------------------------------------------------------------------

export async function exchangeChannelId(db: Db, guildId: string): Promise<string> {
  return (
    (await db.select().from(exchangeSettings).where(eq(exchangeSettings.guildId, guildId)).get())
      ?.channelId ?? ''
  );
}

export async function writeExchangeChannel(db: Db, guildId: string, channelId: string): Promise<void> {
  await db
    .insert(exchangeSettings)
    .values({ guildId, channelId })
    .onConflictDoUpdate({ target: exchangeSettings.guildId, set: { channelId } })
    .run();
}
