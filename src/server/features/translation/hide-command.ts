import { TRPCError } from '@trpc/server';
import type { Db } from '../../../../db/client';
import {
  HIDDEN_ALREADY,
  HIDDEN_CLEARED,
  HIDDEN_LIST,
  HIDDEN_NONE,
  HIDDEN_NOW,
  NOT_HIDDEN,
  SHOWN_AGAIN,
} from '../../../common/translation/phrases';
import { phraseIn } from '../../translation/phrases';
import type { Translator } from '../../core/translator';
import { clearHidden, hiddenAuthors, hideAuthor, showAuthor } from './hidden-authors';
import { memberLanguageIn } from './members';

export const HIDE_ACTIONS = ['hide', 'show', 'list', 'clear'] as const;
export type HideAction = (typeof HIDE_ACTIONS)[number];

/**
 * /hide-translations-of: hide or show one member's translations for the caller, list whom they
 * hide, or clear the list; the answer in the caller's language. Mentions are written as <@id>
 * (the bot sends them with mentions disabled, so nobody is pinged).
 */
export async function answerHideCommand(
  db: Db,
  translator: Translator,
  input: {
    guildId: string;
    userId: string;
    action: HideAction;
    authorId?: string | undefined;
    locale: string | null;
  },
): Promise<{ content: string }> {
  const language = await memberLanguageIn(db, input.guildId, input.userId, input.locale);
  const say = async (phrase: Parameters<typeof phraseIn>[1], vars: Record<string, string | number> = {}) => ({
    content: await phraseIn(translator, phrase, language, vars),
  });
  if (input.action === 'list') {
    const ids = await hiddenAuthors(db, input.guildId, input.userId);
    return ids.length
      ? say(HIDDEN_LIST, { names: ids.map((id) => `<@${id}>`).join(', ') })
      : say(HIDDEN_NONE);
  }
  if (input.action === 'clear') {
    return say(HIDDEN_CLEARED, { count: await clearHidden(db, input.guildId, input.userId) });
  }
  if (!input.authorId) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `member: choose the member to ${input.action} (/hide-translations-of member:@someone)`,
    });
  }
  const name = `<@${input.authorId}>`;
  if (input.action === 'hide') {
    const added = await hideAuthor(db, input.guildId, input.userId, input.authorId);
    return say(added ? HIDDEN_NOW : HIDDEN_ALREADY, { name });
  }
  const removed = await showAuthor(db, input.guildId, input.userId, input.authorId);
  return say(removed ? SHOWN_AGAIN : NOT_HIDDEN, { name });
}
