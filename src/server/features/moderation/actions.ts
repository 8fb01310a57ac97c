import { and, eq, gt } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { botConfig, moderationLogs } from '../../../../db/schema';
import {
  ACTIONS,
  NOTICE_REMOVED,
  NOTICE_REPORTED,
  NOTICE_TIMEOUT,
  REPORT,
  RULE_NAMES,
} from '../../../common/moderation/phrases';
import * as MODERATION_PHRASES from '../../../common/moderation/phrases';
import { speakerFor } from '../../translation/phrases';
import type { Translator } from '../../core/translator';
import { MODERATION_EXCERPT_MAX } from '../../../common/moderation/schemas';
import { memberLanguage } from '../translation/members';
import { jumpLink } from '../../core/bot-message';
import { type CopyDelete, planDelete } from '../channels/edits';
import type { ModerationState } from '../../moderation/state';
import { countOffence, type Finding, TIMEOUT_MS } from './layers';
import { excerpt } from '../../moderation/text';
import { logChannelOf } from '../../core/permission-reports';
import { hasCapability } from '../../core/plans';
import { insertCase } from '../cases/cases';

/**
 * What the bot does about a flagged message: a moderation log entry first (type, member, a capped
 * excerpt, rule, language, action), then the Discord actions the bot carries out (delete the
 * message and its copies, the member's private notice, a timeout after repeated offences), then
 * the outcome recorded and a report for the log channel in the server's default language.
 */

export interface FlaggedMessage {
  guildId: string;
  channelId: string;
  parentChannelId?: string | null;
  messageId: string;
  authorId: string;
  content: string;
  /** The member's Discord locale, when known (their notice's language). */
  locale?: string | null;
}

export interface ModerationAction {
  logId: number;
  type: Finding['type'];
  rule: string;
  /** Delete the message (autoDelete) and these copies of it. */
  delete: boolean;
  copies: CopyDelete[];
  /** The member's private notice, in their language. */
  notice: string;
  /** Time the member out for this long (repeated offences), or null. */
  timeoutMs: number | null;
  timeoutReason: string;
}

export async function serverLanguage(db: Db, guildId: string): Promise<string> {
  return (
    (await db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get())?.defaultLanguage ?? 'en'
  );
}

/** Writes the log entry and decides the actions for a flagged message. */
export async function actOn(
  db: Db,
  translator: Translator,
  state: ModerationState,
  msg: FlaggedMessage,
  finding: Finding,
  opts: { autoDelete: boolean; language: string | null; at: Date },
): Promise<ModerationAction> {
  const timeout = countOffence(state, msg.guildId, msg.authorId, opts.at.getTime());
  const action = [opts.autoDelete ? 'deleted' : 'reported', ...(timeout ? ['timed out'] : [])].join(', ');
  const row = await db
    .insert(moderationLogs)
    .values({
      guildId: msg.guildId,
      type: finding.type,
      userId: msg.authorId,
      message: excerpt(msg.content, MODERATION_EXCERPT_MAX),
      action,
      rule: finding.rule,
      language: opts.language ?? '',
      timestamp: opts.at,
    })
    .returning({ id: moderationLogs.id })
    .get();
  // Their /setlanguage, else their Discord locale, else the language they just wrote in.
  const lang = (
    await memberLanguage(
      db,
      msg.authorId,
      msg.locale,
      opts.language ?? (await serverLanguage(db, msg.guildId)),
    )
  ).code;
  const s = await speakerFor(translator, lang, MODERATION_PHRASES);
  const minutes = Math.round(TIMEOUT_MS / 60_000);
  const vars = { channel: `<#${msg.channelId}>`, rule: s.label(RULE_NAMES[finding.type]), minutes };
  const notice =
    [
      s.label(opts.autoDelete ? NOTICE_REMOVED : NOTICE_REPORTED, vars),
      ...(timeout ? [s.label(NOTICE_TIMEOUT, vars)] : []),
    ].join(' ') + s.mark();
  return {
    logId: row.id,
    type: finding.type,
    rule: finding.rule,
    delete: opts.autoDelete,
    copies: opts.autoDelete ? await planDelete(db, msg) : [],
    notice,
    timeoutMs: timeout ? TIMEOUT_MS : null,
    timeoutReason: `${finding.rule}: repeated offences`,
  };
}

export interface ModerationOutcome {
  logId: number;
  channelId: string;
  messageId: string;
  /** null: not attempted. */
  deleted: boolean | null;
  deleteError?: string;
  timedOut: boolean | null;
  timeoutError?: string;
  /** How the member was told: by DM, in the channel (DMs closed), or not at all. */
  notified: 'dm' | 'channel' | 'none';
}

/** Records what Discord accepted and composes the log channel's report (null when none is set). */
export async function recordModerationOutcome(
  db: Db,
  translator: Translator,
  guildId: string,
  o: ModerationOutcome,
  at: Date,
): Promise<{ report: { channelId: string; content: string } | null }> {
  const row = await db
    .select()
    .from(moderationLogs)
    .where(and(eq(moderationLogs.id, o.logId), eq(moderationLogs.guildId, guildId)))
    .get();
  if (!row) return { report: null };
  const actions: string[] = [];
  if (o.deleted === true) actions.push('deleted');
  else if (o.deleted === false) actions.push(`delete failed (${o.deleteError ?? 'unknown error'})`);
  else actions.push('reported');
  if (o.timedOut === true) actions.push('timed out');
  else if (o.timedOut === false) actions.push(`timeout failed (${o.timeoutError ?? 'unknown error'})`);
  if (o.notified === 'none') actions.push('member not notified');
  await db
    .update(moderationLogs)
    .set({ action: actions.join(', ') })
    .where(eq(moderationLogs.id, row.id))
    .run();
  // A timeout Discord accepted is an automatic case (Plus): numbered with the staff's, no moderator.
  let caseNumber: number | null = null;
  if (o.timedOut === true && (await hasCapability(db, guildId, 'cases'))) {
    caseNumber = (
      await insertCase(
        db,
        guildId,
        {
          action: 'timeout',
          targetId: row.userId,
          targetName: '',
          moderatorId: null,
          moderatorName: '',
          reason: `Automatic: ${row.rule || row.type}`,
          durationSeconds: Math.round(TIMEOUT_MS / 1000),
        },
        at,
      )
    ).number;
  }

  const logChannel = await logChannelOf(db, guildId);
  if (!logChannel) return { report: null };
  const s = await speakerFor(translator, await serverLanguage(db, guildId), MODERATION_PHRASES);
  const minutes = Math.round(TIMEOUT_MS / 60_000);
  const said: string[] = [];
  if (o.deleted === true) said.push(s.label(ACTIONS.deleted));
  else if (o.deleted === false)
    said.push(s.label(ACTIONS.failed, { what: 'delete', error: o.deleteError ?? '?' }));
  else said.push(s.label(ACTIONS.reported));
  if (o.timedOut === true) said.push(s.label(ACTIONS['timed out'], { minutes }));
  else if (o.timedOut === false)
    said.push(s.label(ACTIONS.failed, { what: 'timeout', error: o.timeoutError ?? '?' }));
  const type = row.type === 'permission' || row.type === 'notice' ? 'spam' : row.type;
  const link =
    o.deleted === true
      ? `https://discord.com/channels/${guildId}/${o.channelId}`
      : jumpLink(guildId, o.channelId, o.messageId);
  const content = s(REPORT, {
    type: s.label(RULE_NAMES[type]),
    user: row.userId,
    channel: o.channelId,
    detail: `${row.rule} — “${row.message}”`,
    action: said.join('; '),
    link,
  });
  // The automatic timeout's case number, as staff cite it in /case.
  const numbered = caseNumber === null ? content : `📋 #${caseNumber} · ${content}`;
  return { report: { channelId: logChannel, content: numbered.slice(0, 2000) } };
}

/** The AI layer could not run (provider down, allowance used): noted once an hour per server. */
const SKIP_REPEAT_MS = 60 * 60_000;

export async function noteAiSkipped(db: Db, guildId: string, reason: string, at: Date): Promise<boolean> {
  const text = `AI moderation skipped: ${reason}`.slice(0, 300);
  // Checked and written under the server's lock: messages failing at the same moment note it once.
  return await db.$transaction(async (tx) => {
    await lockFor(tx, `moderation-ai-skipped:${guildId}`);
    const recent = await tx
      .select({ id: moderationLogs.id })
      .from(moderationLogs)
      .where(
        and(
          eq(moderationLogs.guildId, guildId),
          eq(moderationLogs.type, 'notice'),
          gt(moderationLogs.timestamp, new Date(at.getTime() - SKIP_REPEAT_MS)),
        ),
      )
      .get();
    if (recent) return false;
    await tx
      .insert(moderationLogs)
      .values({
        guildId,
        type: 'notice',
        userId: '',
        message: text,
        action: 'ai skipped',
        rule: 'ai layer',
        timestamp: at,
      })
      .run();
    return true;
  });
}
