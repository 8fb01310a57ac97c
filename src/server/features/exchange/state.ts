import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { exchangeMembers, guildChannels } from '../../../../db/schema';
import { activePairs, exchangeChannelId, waitingMembers } from './exchange';

/** Where a pair's Discord work stands, as the dashboard shows it. */
export type PairDelivery = 'queued' | 'delivered' | 'failed';

export const threadUrl = (guildId: string, threadId: string) =>
  `https://discord.com/channels/${guildId}/${threadId}`;

/** The Language Learning screen's exchange card: the setting, who waits, the active pairs. */
export async function exchangeState(db: Db, guildId: string) {
  const channelId = await exchangeChannelId(db, guildId);
  const channel = channelId
    ? await db
        .select({ name: guildChannels.name })
        .from(guildChannels)
        .where(and(eq(guildChannels.guildId, guildId), eq(guildChannels.id, channelId)))
        .get()
    : undefined;
  const members = new Map(
    (await db.select().from(exchangeMembers).where(eq(exchangeMembers.guildId, guildId)).all()).map((m) => [
      m.userId,
      m,
    ]),
  );
  const person = (userId: string, native: string) => {
    const m = members.get(userId);
    return {
      userId,
      username: m?.username ?? '',
      native,
      learning: m?.learningLanguage ?? '',
    };
  };
  return {
    channelId,
    channelName: channel?.name ?? null,
    waiting: (await waitingMembers(db, guildId)).map((m) => ({
      userId: m.userId,
      username: m.username,
      native: m.nativeLanguage,
      learning: m.learningLanguage,
      waitingSince: m.waitingSince,
    })),
    pairs: (await activePairs(db, guildId)).map((p) => {
      // Failed: a member could not be told at all, or the thread could not be opened. A member
      // whose DMs are closed but who is in the thread was told there.
      const failed =
        p.toldA === 'failed' || p.toldB === 'failed' || (p.threadChannelId !== null && p.threadId === null);
      const delivery: PairDelivery = failed ? 'failed' : p.deliveredAt ? 'delivered' : 'queued';
      return {
        id: p.id,
        a: { ...person(p.userA, p.languageA), told: p.toldA },
        b: { ...person(p.userB, p.languageB), told: p.toldB },
        since: p.createdAt,
        threadId: p.threadId,
        threadUrl: p.threadId ? threadUrl(guildId, p.threadId) : null,
        delivery,
        deliveryError: p.deliveryError,
      };
    }),
  };
}
