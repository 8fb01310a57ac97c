import type { Db } from '../../../../db/client';
import type { Translator } from '../../core/translator';
import { readTranslationSettings } from '../../translation/settings';
import { explainTranslationFailure } from '../translation/failures';
import { optedOut } from '../translation/opt-outs';
import { copiesOf, counterparts } from './copies';
import { THREAD_NAME_MAX } from './extras';
import { linkOfChannel } from './linked-channels';

/**
 * A forum post renamed or retagged after it opened (issue 28; Discord sends THREAD_UPDATE): each
 * language's copy post follows, its title translated (one provider call for every language, or
 * none when only the tags changed, or when the author turned translation off: the title as
 * written) and its tags by name (the bot keeps the ones each forum has, bot/features/channels/
 * thread-update.ts). Only an original post is followed: a copy post's own change (the bot's PATCH,
 * or a moderator's hand) goes nowhere, so the bot never answers its own updates.
 */

export interface PostChange {
  threadId: string;
  parentChannelId: string;
  /** The post's author (the thread's owner). */
  authorId: string;
  /** The post's title now; `titleChanged` says whether it is new. */
  title: string;
  titleChanged: boolean;
  /** Its tags by name now; `tagsChanged` says whether they are new. */
  tags: string[];
  tagsChanged: boolean;
}

export interface PostUpdate {
  /** The forum of the copy post, and the copy post. */
  channelId: string;
  threadId: string;
  /** The new title in the forum's language (absent: unchanged, or it could not be translated now). */
  name?: string;
  /** The tags by name (absent: unchanged). */
  tags?: string[];
}

const clip = (title: string) => {
  const one = title.replace(/\s+/g, ' ').trim() || 'Post';
  return one.length > THREAD_NAME_MAX ? `${one.slice(0, THREAD_NAME_MAX - 1)}…` : one;
};

export async function planPostUpdate(
  db: Db,
  translator: Translator,
  publicUrl: string,
  guildId: string,
  post: PostChange,
): Promise<{ posts: PostUpdate[]; failed: string | null }> {
  const none = { posts: [], failed: null };
  if (!post.titleChanged && !post.tagsChanged) return none;
  const channels = await linkOfChannel(db, guildId, post.parentChannelId);
  if (channels?.[0].mode !== 'mirror') return none;
  // An original post has copies; a copy post (or a post opened before the link) has none.
  if ((await copiesOf(db, post.threadId, ['webhook'])).length === 0) return none;
  const posts = await counterparts(db, post.threadId);
  const targets = channels
    .slice(1)
    .flatMap((c) => (posts.has(c.channelId) ? [{ ...c, threadId: posts.get(c.channelId)! }] : []));
  if (targets.length === 0) return none;
  let names: Record<string, string> | null = null;
  let failed: string | null = null;
  if (post.titleChanged) {
    if (await optedOut(db, guildId, post.authorId)) {
      names = Object.fromEntries(targets.map((t) => [t.language, post.title]));
    } else {
      const settings = await readTranslationSettings(db, guildId);
      try {
        const result = await translator.translate({
          text: post.title,
          targets: [...new Set(targets.map((t) => t.language))],
          source: settings.autoDetect ? undefined : channels[0].language,
          tone: settings.translationTone,
          origin: 'mirror',
          guildId,
          channelId: post.threadId,
          userId: post.authorId,
        });
        names = Object.fromEntries(
          targets.map((t) => [t.language, result.translations[t.language] ?? post.title]),
        );
      } catch (err) {
        failed = explainTranslationFailure(err, publicUrl).message;
      }
    }
  }
  return {
    posts: targets.map((t) => ({
      channelId: t.channelId,
      threadId: t.threadId,
      ...(names ? { name: clip(names[t.language]!) } : {}),
      ...(post.tagsChanged ? { tags: post.tags } : {}),
    })),
    failed,
  };
}
