import { say } from '../../../src/common/phrases';
import type { CaseStaffWord } from '../../../src/common/cases/staff-phrases';
import type { BotContext } from '../../context';

/**
 * The case commands' words for one moderator's reply, in their language (issue 29): the server's
 * speaker resolves every phrase of src/common/cases/staff-phrases.ts at once (tables, else the
 * provider once, else English); the bot fills the slots. `mark` is the "In English" line when
 * some fell back to English ('' otherwise): each reply ends with it.
 */
export interface StaffWords {
  (word: CaseStaffWord, vars?: Record<string, string | number>): string;
  readonly mark: string;
}

export async function staffWords(
  ctx: BotContext,
  guildId: string,
  userId: string,
  locale: string | null,
): Promise<StaffWords> {
  const got = await ctx.caller.cases.bot.staffWords({ guildId, userId, locale });
  const word = (key: CaseStaffWord, vars: Record<string, string | number> = {}) =>
    say({ en: got.words[key] }, 'en', vars);
  return Object.assign(word, { mark: got.mark });
}
