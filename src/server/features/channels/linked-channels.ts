import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { preparedPerDb } from '../../../../db/prepared';
import { readOnce } from '../../../../db/read-scope';
import { channelLinkChannels, channelLinks } from '../../../../db/schema';
import { jumpLink } from '../../core/bot-message';
import { counterparts } from './copies';
import type { IncomingMessage } from './messages';

/** The link a channel belongs to, and where a copy's reply and thread are in the link's other channels. */

export interface LinkedChannel {
  linkId: number;
  mode: 'mirror' | 'single';
  channelId: string;
  language: string;
}

/** The active link rows of the links holding a channel: built once per database handle. */
const linkRows = preparedPerDb((db) =>
  db
    .select({
      linkId: channelLinks.id,
      mode: channelLinks.mode,
      channelId: channelLinkChannels.channelId,
      language: channelLinkChannels.language,
    })
    .from(channelLinkChannels)
    .innerJoin(channelLinks, eq(channelLinks.id, channelLinkChannels.linkId))
    .where(
      and(
        eq(channelLinks.guildId, sql.placeholder('guildId')),
        eq(channelLinks.active, true),
        inArray(
          channelLinkChannels.linkId,
          db
            .select({ id: channelLinkChannels.linkId })
            .from(channelLinkChannels)
            .where(eq(channelLinkChannels.channelId, sql.placeholder('channelId'))),
        ),
      ),
    )
    .orderBy(asc(channelLinkChannels.linkId), asc(channelLinkChannels.position))
    .prepare(),
);

/**
 * The active link a channel belongs to, with all its channels (the given one first): one
 * statement, read once per message (db/read-scope.ts).
 */
export async function linkOfChannel(
  db: Db,
  guildId: string,
  channelId: string,
): Promise<LinkedChannel[] | null> {
  return await readOnce(`link:${guildId}:${channelId}`, async () => {
    const rows = await linkRows(db).all({ guildId, channelId });
    const own = rows.find((r) => r.channelId === channelId);
    if (!own) return null;
    const channels = rows.filter((r) => r.linkId === own.linkId);
    return [
      ...channels.filter((c) => c.channelId === channelId),
      ...channels.filter((c) => c.channelId !== channelId),
    ];
  });
}

/** Jump link to the copy, in `channelId` (or its thread), of the message `msg` replies to. */
export async function replyLinkFor(
  db: Db,
  msg: IncomingMessage,
  channelId: string,
  threadId: string | null,
): Promise<string | null> {
  if (!msg.replyToMessageId) return null;
  const id = (await counterparts(db, msg.replyToMessageId)).get(channelId);
  return id ? jumpLink(msg.guildId, threadId ?? channelId, id) : null;
}

/**
 * Copies are recorded under the link's channel ids (a thread's parent), so counterparts line up
 * across channels; for a message in a thread, this maps each channel to its counterpart thread.
 */
export async function threadsOf(
  db: Db,
  msg: { channelId: string; parentChannelId?: string | null },
): Promise<Map<string, string> | null> {
  return msg.parentChannelId ? await counterparts(db, msg.channelId) : null;
}
