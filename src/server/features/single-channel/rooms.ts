import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import {
  botConfig,
  channelLinkChannels,
  channelLinkLanguages,
  channelLinks,
  guildChannels,
} from '../../../../db/schema';
import { checkChannelsFree, checkPlanLimit } from '../channels/links';
import { CHANNEL_KINDS } from '../../../common/schemas/discord-refs';
import { ensureGuild } from '../../core/guilds';
import type { RoomDelivery } from '../../../common/single-channel/schemas';

/**
 * Single-channel translation rooms as the dashboard manages them: a channel link of mode 'single'
 * with one channel and its list of languages (the bot side is services/single-channel.ts).
 */

/** Channels a room can be: text and announcement channels (the input's own kind, channelOf('text')). */
export const ROOM_CHANNEL_TYPES = CHANNEL_KINDS.text.types ?? [];

export interface SingleChannelRoom {
  id: number;
  channelId: string;
  /** The synced name without '#', null when the bot no longer sees the channel. */
  channelName: string | null;
  languages: string[];
  /** 'reply' under each message, or 'thread' started from each message (issue 28). */
  delivery: RoomDelivery;
  active: boolean;
  createdAt: Date;
}

/** Every room of the guild, oldest first, each with its channel's synced name and its languages. */
export async function listRooms(db: Db, guildId: string, onlyId?: number): Promise<SingleChannelRoom[]> {
  const rows = await db
    .select({
      id: channelLinks.id,
      active: channelLinks.active,
      delivery: channelLinks.delivery,
      createdAt: channelLinks.createdAt,
      channelId: channelLinkChannels.channelId,
      channelName: guildChannels.name,
    })
    .from(channelLinks)
    .innerJoin(channelLinkChannels, eq(channelLinkChannels.linkId, channelLinks.id))
    .leftJoin(
      guildChannels,
      and(eq(guildChannels.id, channelLinkChannels.channelId), eq(guildChannels.guildId, guildId)),
    )
    .where(
      and(
        eq(channelLinks.guildId, guildId),
        eq(channelLinks.mode, 'single'),
        onlyId === undefined ? undefined : eq(channelLinks.id, onlyId),
      ),
    )
    .orderBy(asc(channelLinks.id))
    .all();
  if (rows.length === 0) return [];
  const languages = await db
    .select()
    .from(channelLinkLanguages)
    .where(
      inArray(
        channelLinkLanguages.linkId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(channelLinkLanguages.linkId), asc(channelLinkLanguages.position))
    .all();
  return rows.map((r) => ({
    ...r,
    languages: languages.filter((l) => l.linkId === r.id).map((l) => l.language),
  }));
}

async function roomOrThrow(db: Db, guildId: string, id: number): Promise<SingleChannelRoom> {
  const room = (await listRooms(db, guildId, id))[0];
  if (!room) throw new TRPCError({ code: 'NOT_FOUND', message: `id: translation room ${id} not found` });
  return room;
}

/** The synced text channel, or a 400 naming the id (never a channel of another server). */
async function syncedChannel(db: Db, guildId: string, channelId: string) {
  const channel = await db
    .select()
    .from(guildChannels)
    .where(and(eq(guildChannels.id, channelId), eq(guildChannels.guildId, guildId)))
    .get();
  if (!channel) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `channelId: ${channelId} is not a channel of this server the bot can see; pick one from the list`,
    });
  }
  if (!ROOM_CHANNEL_TYPES.includes(channel.type)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `channelId: #${channel.name} is not a text or announcement channel; a room needs one members write in`,
    });
  }
  return channel;
}

/**
 * Turns a channel into a room. The checks and the insert are one transaction, one request of the
 * server at a time (the same lock as creating a link): the channel is a synced text channel, in no link or room, within the plan's links.
 * The channel's own language is the server's default; with auto-detect on it is not used.
 */
export async function createRoom(
  db: Db,
  guildId: string,
  input: { channelId: string; languages: string[]; delivery?: RoomDelivery | undefined },
): Promise<SingleChannelRoom> {
  const id = await db.$transaction(async (tx) => {
    await lockFor(tx, `channel-links:${guildId}`);
    const channel = await syncedChannel(tx, guildId, input.channelId);
    await checkChannelsFree(tx, guildId, [channel.id], 'channelId');
    await checkPlanLimit(tx, guildId);
    await ensureGuild(tx, guildId);
    const defaultLanguage =
      (await tx.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get())?.defaultLanguage ??
      'en';
    const link = await tx
      .insert(channelLinks)
      .values({ guildId, name: channel.name, mode: 'single', delivery: input.delivery ?? 'reply' })
      .returning({ id: channelLinks.id })
      .get();
    await tx
      .insert(channelLinkChannels)
      .values({ linkId: link.id, channelId: channel.id, language: defaultLanguage, position: 0 })
      .run();
    await tx
      .insert(channelLinkLanguages)
      .values(input.languages.map((language, position) => ({ linkId: link.id, language, position })))
      .run();
    return link.id;
  });
  return await roomOrThrow(db, guildId, id);
}

/** New languages (replacing the list, in the order given) and/or paused or resumed. */
export async function updateRoom(
  db: Db,
  guildId: string,
  input: { id: number; languages?: string[]; active?: boolean; delivery?: RoomDelivery },
): Promise<SingleChannelRoom> {
  await roomOrThrow(db, guildId, input.id);
  await db.$transaction(async (tx) => {
    // Saves at the same moment replace the list one after the other (the last one wins whole).
    await lockFor(tx, `room-languages:${input.id}`);
    if (input.active !== undefined || input.delivery !== undefined)
      await tx
        .update(channelLinks)
        .set({ active: input.active, delivery: input.delivery })
        .where(eq(channelLinks.id, input.id))
        .run();
    if (input.languages) {
      await tx.delete(channelLinkLanguages).where(eq(channelLinkLanguages.linkId, input.id)).run();
      await tx
        .insert(channelLinkLanguages)
        .values(input.languages.map((language, position) => ({ linkId: input.id, language, position })))
        .run();
    }
  });
  return await roomOrThrow(db, guildId, input.id);
}

/** Removes the room: its channel is an ordinary channel again (its rows cascade). */
export async function removeRoom(
  db: Db,
  guildId: string,
  id: number,
): Promise<{ id: number; removed: true }> {
  await roomOrThrow(db, guildId, id);
  await db
    .delete(channelLinks)
    .where(and(eq(channelLinks.id, id), eq(channelLinks.guildId, guildId)))
    .run();
  return { id, removed: true };
}
