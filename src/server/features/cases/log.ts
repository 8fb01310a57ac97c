import type { Db } from '../../../../db/client';
import { CASE_LOGGED, NO_REASON } from '../../../common/cases/phrases';
import { type CaseView, formatDuration } from '../../../common/cases/schemas';
import { say } from '../../../common/phrases';
import { logChannelOf } from '../../core/permission-reports';
import { guildDefaultLanguage } from '../translation/members';

/**
 * The moderation log channel's post for a case, in the server's language, with the case number;
 * null when the server has no log channel. {by} is the moderator's mention, 🤖 for the bot's own.
 */
export async function caseLogPost(
  db: Db,
  guildId: string,
  c: CaseView,
): Promise<{ channelId: string; content: string } | null> {
  const channelId = await logChannelOf(db, guildId);
  if (!channelId) return null;
  const lang = await guildDefaultLanguage(db, guildId);
  const content = say(CASE_LOGGED, lang, {
    number: c.number,
    action: `/${c.action}`,
    user: c.targetId,
    duration: c.durationSeconds ? ` (${formatDuration(c.durationSeconds)})` : '',
    by: c.moderatorId ? `<@${c.moderatorId}>` : '🤖',
    reason: c.reason || say(NO_REASON, lang),
  });
  return { channelId, content: content.slice(0, 2000) };
}
