import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { announcements, type PostResult } from '../../../../db/schema';
import { languageName } from '../../../common/languages';
import type { Brand } from '../../../common/white-label/embed';
import { DISCORD_MESSAGE_LIMIT } from '../../core/bot-message';
import { brandOf } from '../white-label/white-label';

/**
 * Post Now: the bot posts the announcement to each target channel in that channel's language,
 * with the original quoted beneath it. The status becomes 'posted'
 * only when every post succeeded; otherwise 'failed', with each channel's reason. Posting a
 * failed announcement again only retries the channels that failed.
 */
export interface AnnouncementPost {
  channelId: string;
  language: string;
  /** The text in Discord-sized pieces (2000 characters at most each). */
  parts: string[];
}

/** Splits at line breaks (or spaces) so no piece passes Discord's message limit. */
export function splitForDiscord(text: string, limit = DISCORD_MESSAGE_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    let cut = rest.lastIndexOf('\n', limit);
    if (cut < limit / 2) cut = rest.lastIndexOf(' ', limit);
    if (cut < limit / 2) cut = limit;
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

const quote = (text: string) =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

export async function announcementPosts(
  db: Db,
  guildId: string,
  id: number,
): Promise<{ id: number; posts: AnnouncementPost[]; brand: Brand | null } | null> {
  const a = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.guildId, guildId)))
    .get();
  if (!a || a.status === 'posted') return null;
  const done = new Set((a.postResults ?? []).filter((r) => r.ok).map((r) => r.channelId));
  const posts = a.targetChannels
    .filter((t) => !done.has(t.channelId))
    .map((t) => {
      const translated = a.translations[t.language];
      const text =
        t.language === a.originalLanguage || translated === undefined
          ? a.originalText
          : `${translated}\n\n-# Original (${languageName(a.originalLanguage)}):\n${quote(a.originalText)}`;
      return { channelId: t.channelId, language: t.language, parts: splitForDiscord(text) };
    });
  // A white-label brand (colour, footer) makes each part an embed of the server's brand.
  return { id: a.id, posts, brand: await brandOf(db, guildId) };
}

export async function recordAnnouncementResults(
  db: Db,
  guildId: string,
  id: number,
  results: PostResult[],
  at: Date,
) {
  const a = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.guildId, guildId)))
    .get();
  if (!a) return null;
  const byChannel = new Map((a.postResults ?? []).map((r) => [r.channelId, r]));
  for (const r of results) byChannel.set(r.channelId, r);
  const merged = a.targetChannels.map(
    (t) =>
      byChannel.get(t.channelId) ?? {
        channelId: t.channelId,
        language: t.language,
        ok: false,
        error: 'not posted',
      },
  );
  const allOk = merged.every((r) => r.ok);
  return await db
    .update(announcements)
    // postRequestedAt cleared: this request is answered (Post Now again asks anew).
    .set({
      postResults: merged,
      status: allOk ? 'posted' : 'failed',
      postedAt: allOk ? at : null,
      postRequestedAt: null,
    })
    .where(eq(announcements.id, a.id))
    .returning()
    .get();
}

/** Post Now pressed while the bot was offline (a first post or a retry): still waiting for delivery. */
export async function pendingAnnouncements(db: Db): Promise<{ guildId: string; id: number }[]> {
  return await db
    .select({ guildId: announcements.guildId, id: announcements.id })
    .from(announcements)
    .where(and(ne(announcements.status, 'posted'), isNotNull(announcements.postRequestedAt)))
    .all();
}
