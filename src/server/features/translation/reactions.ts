import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { messageCopies } from '../../../../db/schema';
import { findLanguage, languageName } from '../../../common/languages';
import { readTranslationSettings } from '../../translation/settings';
import { languageOfFlag } from './flags';
import { DISCORD_MESSAGE_LIMIT } from '../../core/bot-message';
import type { Translator } from '../../core/translator';
import { explainTranslationFailure } from './failures';

/**
 * Per-message control with flags: reacting with a country flag replies with the message
 * translated into that country's language; removing the reaction retracts the reply.
 */
export type ReactionPlan =
  | { status: 'none' }
  | { status: 'exists' }
  | { status: 'failed'; reason: string }
  | { status: 'ok'; language: string; content: string };

export async function planFlagTranslation(
  db: Db,
  translator: Translator,
  publicUrl: string,
  r: {
    guildId: string;
    channelId: string;
    messageId: string;
    content: string;
    emoji: string;
    userId: string;
    username: string;
  },
  /** The channel's messages before this one (conversation context; empty when off). */
  context: string[] = [],
): Promise<ReactionPlan> {
  const language = languageOfFlag(r.emoji);
  if (!language || !findLanguage(language) || !r.content.trim()) return { status: 'none' };
  const { skipPrefix, translationTone } = await readTranslationSettings(db, r.guildId);
  if (skipPrefix && r.content.startsWith(skipPrefix)) return { status: 'none' };
  const existing = await db
    .select({ id: messageCopies.id })
    .from(messageCopies)
    .where(
      and(
        eq(messageCopies.originalMessageId, r.messageId),
        eq(messageCopies.kind, 'reaction'),
        eq(messageCopies.language, language),
      ),
    )
    .get();
  if (existing) return { status: 'exists' };
  try {
    const result = await translator.translate({
      text: r.content,
      targets: [language],
      tone: translationTone,
      context,
      origin: 'reaction',
      guildId: r.guildId,
      channelId: r.channelId,
      userId: r.userId,
      username: r.username,
    });
    const text = result.translations[language] ?? r.content;
    const content = `${r.emoji} **${languageName(language)}**: ${text}`;
    return {
      status: 'ok',
      language,
      content:
        content.length > DISCORD_MESSAGE_LIMIT ? `${content.slice(0, DISCORD_MESSAGE_LIMIT - 1)}…` : content,
    };
  } catch (err) {
    return { status: 'failed', reason: explainTranslationFailure(err, publicUrl).message };
  }
}

/** The flag was taken off (and nobody else has it on): the translation replies to delete. */
export async function planFlagRetraction(db: Db, messageId: string, emoji: string) {
  const language = languageOfFlag(emoji);
  if (!language) return [];
  const where = and(
    eq(messageCopies.originalMessageId, messageId),
    eq(messageCopies.kind, 'reaction'),
    eq(messageCopies.language, language),
  );
  const rows = await db.select().from(messageCopies).where(where).all();
  if (rows.length) await db.delete(messageCopies).where(where).run();
  return rows.map((r) => ({ channelId: r.copyChannelId, messageId: r.copyMessageId }));
}
