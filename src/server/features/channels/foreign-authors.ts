import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { channelLinks, channelWebhooks, mirrorAuthors } from '../../../../db/schema';
import { linkOfChannel } from './linked-channels';

/**
 * Bots and webhooks in linked channels (issue 28). Their posts are ignored, as before, unless an
 * admin allowed that bot or webhook for the link or room: then they are translated and copied like
 * a member's. The bot records each one the first time it posts in a linked channel (a name and an
 * id, never its text), so the dashboard names them and an admin can only allow one that posted in
 * this server's link. The bot's own webhooks (the copies) and its own user are never recorded,
 * never allowed: a copy is never translated again (no loops).
 */

export type ForeignKind = 'bot' | 'webhook';

export interface ForeignPost {
  guildId: string;
  channelId: string;
  parentChannelId?: string | null;
  authorId: string;
  kind: ForeignKind;
  name: string;
}

/** Whether an id is one of the bot's own webhooks (the ones its copies are posted through). */
async function isOwnWebhook(db: Db, guildId: string, id: string): Promise<boolean> {
  const row = await db
    .select({ id: channelWebhooks.webhookId })
    .from(channelWebhooks)
    .where(and(eq(channelWebhooks.guildId, guildId), eq(channelWebhooks.webhookId, id)))
    .get();
  return row !== undefined;
}

/**
 * A bot or webhook posted in a channel: remembered for the link it belongs to (name, channel,
 * when); answers whether its posts are to be translated. Not in a link, or the bot's own webhook:
 * nothing is written, not allowed.
 */
export async function noteForeignPost(
  db: Db,
  post: ForeignPost,
  now: Date,
): Promise<{ allowed: boolean; linkId: number | null }> {
  const channels = await linkOfChannel(db, post.guildId, post.parentChannelId ?? post.channelId);
  if (!channels) return { allowed: false, linkId: null };
  if (post.kind === 'webhook' && (await isOwnWebhook(db, post.guildId, post.authorId)))
    return { allowed: false, linkId: null };
  const linkId = channels[0].linkId;
  const row = await db
    .insert(mirrorAuthors)
    .values({
      linkId,
      guildId: post.guildId,
      authorId: post.authorId,
      kind: post.kind,
      name: post.name.slice(0, 100),
      channelId: post.channelId,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: [mirrorAuthors.linkId, mirrorAuthors.authorId],
      set: { name: post.name.slice(0, 100), channelId: post.channelId, lastSeenAt: now },
    })
    .returning({ allowed: mirrorAuthors.allowed })
    .get();
  return { allowed: row.allowed, linkId };
}

/** The bots and webhooks seen in each link of the server, most recently seen first. */
export async function readForeignAuthors(db: Db, guildId: string) {
  const rows = await db
    .select({
      linkId: mirrorAuthors.linkId,
      authorId: mirrorAuthors.authorId,
      kind: mirrorAuthors.kind,
      name: mirrorAuthors.name,
      channelId: mirrorAuthors.channelId,
      allowed: mirrorAuthors.allowed,
      lastSeenAt: mirrorAuthors.lastSeenAt,
    })
    .from(mirrorAuthors)
    .where(eq(mirrorAuthors.guildId, guildId))
    .orderBy(asc(mirrorAuthors.linkId), asc(mirrorAuthors.name))
    .all();
  return rows;
}

/**
 * An admin allows (or stops allowing) a bot or webhook in a link or room. 404 for a link of
 * another server; 400 naming the id when it is the bot's own webhook or has not posted in the
 * link's channels (nothing tells an admin what another server holds).
 */
export async function setForeignAllowed(
  db: Db,
  guildId: string,
  input: { linkId: number; authorId: string; allowed: boolean },
) {
  const link = await db
    .select({ id: channelLinks.id, name: channelLinks.name })
    .from(channelLinks)
    .where(and(eq(channelLinks.id, input.linkId), eq(channelLinks.guildId, guildId)))
    .get();
  if (!link) throw new TRPCError({ code: 'NOT_FOUND', message: `channel link ${input.linkId} not found` });
  if (await isOwnWebhook(db, guildId, input.authorId))
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `authorId: ${input.authorId} is the bot's own webhook (it posts the copies); its posts are never translated again, so nothing loops`,
    });
  const row = await db
    .update(mirrorAuthors)
    .set({ allowed: input.allowed })
    .where(and(eq(mirrorAuthors.linkId, link.id), eq(mirrorAuthors.authorId, input.authorId)))
    .returning()
    .get();
  if (!row)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `authorId: ${input.authorId} is not a bot or webhook that posted in the channels of "${link.name}"; it is listed here once it posts there`,
    });
  return {
    linkId: row.linkId,
    authorId: row.authorId,
    kind: row.kind,
    name: row.name,
    channelId: row.channelId,
    allowed: row.allowed,
    lastSeenAt: row.lastSeenAt,
  };
}
