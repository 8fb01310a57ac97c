import type { Db } from '../../../../db/client';
import * as CASE_PHRASES from '../../../common/cases/phrases';
import { CASE_LOGGED, NO_REASON } from '../../../common/cases/phrases';
import { type CaseView, formatDuration } from '../../../common/cases/schemas';
import { logChannelOf } from '../../core/permission-reports';
import { speakerFor } from '../../translation/phrases';
import type { Translator } from '../../core/translator';
import { guildDefaultLanguage } from '../translation/members';

/**
 * The moderation log channel's post for a case, in the server's language, with the case number;
 * null when the server has no log channel. {by} is the moderator's mention, 🤖 for the bot's own.
 */
export async function caseLogPost(
  db: Db,
  translator: Translator,
  guildId: string,
  c: CaseView,
): Promise<{ channelId: string; content: string } | null> {
  const channelId = await logChannelOf(db, guildId);
  if (!channelId) return null;
  const s = await speakerFor(translator, await guildDefaultLanguage(db, guildId), CASE_PHRASES);
  const reason = c.reason || s.label(NO_REASON);
  const content = s(CASE_LOGGED, {
    number: c.number,
    action: `/${c.action}`,
    user: c.targetId,
    duration: c.durationSeconds ? ` (${formatDuration(c.durationSeconds)})` : '',
    by: c.moderatorId ? `<@${c.moderatorId}>` : '🤖',
    reason,
  });
  return { channelId, content: content.slice(0, 2000) };
}
