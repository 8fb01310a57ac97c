import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { guildChannels, voiceSettings } from '../../../../db/schema';
import { CHANNEL_KINDS } from '../../../common/schemas/discord-refs';
import { ensureGuild } from '../../core/guilds';

/**
 * Where live captions go. By default each voice channel's own text chat; the admin may pick a text
 * channel or a thread for every session (the dashboard's Voice screen) or for one session
 * (/voice start captions:). A thread is posted into through its parent channel's webhook.
 */

/** Text and announcement channels and threads: the caption field's kind (channelOf('textOrThread')). */
export const CAPTION_CHANNEL_TYPES = CHANNEL_KINDS.textOrThread.types ?? [];
/** Threads (10 announcement, 11 public, 12 private): posted into through their parent. */
const THREAD_TYPES = [10, 11, 12];

export interface CaptionDestination {
  /** The channel whose webhook posts the captions. */
  channelId: string;
  /** The thread of that channel they go into, if any. */
  threadId: string | null;
}

export async function readVoiceSettings(
  db: Db,
  guildId: string,
): Promise<{ captionChannelId: string | null }> {
  const row = await db.select().from(voiceSettings).where(eq(voiceSettings.guildId, guildId)).get();
  return { captionChannelId: row?.captionChannelId ?? null };
}

/** A synced channel of the guild as a caption destination, or null when it cannot take captions. */
export async function captionDestination(
  db: Db,
  guildId: string,
  channelId: string,
): Promise<CaptionDestination | null> {
  const c = await db
    .select()
    .from(guildChannels)
    .where(and(eq(guildChannels.id, channelId), eq(guildChannels.guildId, guildId)))
    .get();
  if (!c || !CAPTION_CHANNEL_TYPES.includes(c.type)) return null;
  if (THREAD_TYPES.includes(c.type)) return c.parentId ? { channelId: c.parentId, threadId: c.id } : null;
  return { channelId: c.id, threadId: null };
}

/** Sets (or clears, null) the default caption channel; a channel that cannot take captions is refused. */
export async function updateVoiceSettings(
  db: Db,
  guildId: string,
  captionChannelId: string | null,
): Promise<{ captionChannelId: string | null }> {
  if (captionChannelId && !(await captionDestination(db, guildId, captionChannelId))) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `captionChannelId: ${captionChannelId} is not a text channel or thread of this server`,
    });
  }
  await ensureGuild(db, guildId);
  await db
    .insert(voiceSettings)
    .values({ guildId, captionChannelId })
    .onConflictDoUpdate({ target: voiceSettings.guildId, set: { captionChannelId } })
    .run();
  return await readVoiceSettings(db, guildId);
}

/**
 * The destination of a new session's captions: the one asked in /voice start, else the server's
 * default (when that channel still exists), else null (the voice channel's own chat).
 */
export async function sessionCaptionDestination(
  db: Db,
  guildId: string,
  asked: CaptionDestination | null | undefined,
): Promise<CaptionDestination | null> {
  if (asked) return asked;
  const { captionChannelId } = await readVoiceSettings(db, guildId);
  return captionChannelId ? await captionDestination(db, guildId, captionChannelId) : null;
}
