import * as CASE_PHRASES from '../../../common/cases/phrases';
import { BANNED, KICKED, NO_REASON, TIMED_OUT, UNBANNED, WARNED } from '../../../common/cases/phrases';
import { type CaseAction, formatDuration } from '../../../common/cases/schemas';
import type { Translator } from '../../core/translator';
import { speakerFor } from '../../translation/phrases';

const PHRASES = { warn: WARNED, timeout: TIMED_OUT, kick: KICKED, ban: BANNED, unban: UNBANNED } as const;

/**
 * What the member is told about a case, in their language, the moderator's reason translated
 * through the translation engine (the reason as written when the engine cannot translate it).
 * An unbanned user is told by DM when Discord lets the bot reach them (they share another server).
 */
export async function caseNotice(
  translator: Translator,
  opts: {
    guildId: string;
    action: CaseAction;
    language: string;
    server: string;
    reason: string;
    durationSeconds: number | null;
    moderatorId: string | null;
  },
): Promise<string> {
  const s = await speakerFor(translator, opts.language, CASE_PHRASES);
  let reason = opts.reason.trim();
  if (reason === '') reason = s.label(NO_REASON);
  else {
    try {
      const r = await translator.translate({
        text: reason,
        targets: [opts.language],
        origin: 'case',
        guildId: opts.guildId,
        ...(opts.moderatorId ? { userId: opts.moderatorId } : {}),
      });
      reason = r.translations[opts.language]?.trim() || reason;
    } catch {
      // The engine is unavailable: the reason as the moderator wrote it.
    }
  }
  return s(PHRASES[opts.action], {
    server: opts.server,
    reason,
    duration: formatDuration(opts.durationSeconds ?? 0),
  });
}
