import type { Db } from '../../../../db/client';
import { readSavedModerationRules } from './rules';
import { findScam } from '../../moderation/scam';
import { checkSpam } from '../../moderation/spam';
import type { ModerationState } from '../../moderation/state';
import { findBannedWord } from '../../moderation/words';
import { planIncludes } from '../../../common/plans';
import type { ModerationVerdict } from '../../core/translator';

/**
 * Moderation of member messages: which layers run for a server (its rules and its plan), and
 * the local layers (spam, banned words, scams) run over one message. The AI layer's verdict
 * comes from the translation call (moderation-flow.ts); actions are in moderation-actions.ts.
 */

/** Offences of one member within OFFENCE_WINDOW_MS before a Discord timeout. */
export const OFFENCES_BEFORE_TIMEOUT = 3;
export const OFFENCE_WINDOW_MS = 10 * 60_000;
/** How long the timeout lasts. */
export const TIMEOUT_MS = 10 * 60_000;

export type FindingType = 'spam' | 'filter' | 'scam' | 'toxicity';

export interface Finding {
  type: FindingType;
  /** The rule that matched, e.g. "banned word", "flood", "look-alike domain", "harassment". */
  rule: string;
  /** What exactly matched, for the moderators (English). */
  detail: string;
}

export type Rules = Awaited<ReturnType<typeof readSavedModerationRules>>['rules'];

export interface Layers {
  rules: Rules;
  spam: boolean;
  words: boolean;
  scam: boolean;
  ai: boolean;
}

/**
 * The layers that run for this server: its switches, limited by what its plan includes. Nothing
 * runs until an admin has saved the rules once (a server that never opened the Moderation screen
 * is not moderated behind its back).
 */
export async function moderationLayers(db: Db, guildId: string): Promise<Layers> {
  const { rules, saved, plan } = await readSavedModerationRules(db, guildId);
  const basic = saved && planIncludes(plan, 'moderation');
  return {
    rules,
    spam: basic && rules.spamDetection,
    words: basic && rules.bannedWords.length > 0,
    scam: basic && rules.scamDetection && planIncludes(plan, 'scamDetection'),
    ai: basic && rules.contentFiltering && planIncludes(plan, 'aiModeration'),
  };
}

export interface LocalInput {
  guildId: string;
  authorId: string;
  content: string;
  /** Distinct user and role mentions (@everyone/@here count as MENTION_MAX). */
  mentions: number;
}

/**
 * The local layers over one message, in order: scams (the most harmful), banned words, spam.
 * The spam windows are updated for every message checked.
 */
export function checkLocal(
  state: ModerationState,
  layers: Pick<Layers, 'spam' | 'words' | 'scam'> & { rules: Pick<Rules, 'bannedWords'> },
  msg: LocalInput,
  now: number,
): Finding | null {
  const spam = layers.spam ? checkSpam(state.spam, msg, now) : null;
  if (layers.scam) {
    const scam = findScam(msg.content);
    if (scam) return { type: 'scam', rule: scam.rule, detail: scam.detail };
  }
  if (layers.words) {
    const word = findBannedWord(msg.content, layers.rules.bannedWords);
    if (word) return { type: 'filter', rule: 'banned word', detail: `banned word "${word}"` };
  }
  return spam ? { type: 'spam', rule: spam.rule, detail: spam.detail } : null;
}

/** The AI verdict as a finding (null when the message is fine). */
export function findingOfVerdict(v: ModerationVerdict): Finding | null {
  if (!v.flagged) return null;
  return {
    type: 'toxicity',
    rule: v.category === 'none' ? 'toxicity' : v.category,
    detail: v.reason || v.category,
  };
}

/** Counts an offence; true when the member has now reached the timeout threshold. */
export function countOffence(state: ModerationState, guildId: string, userId: string, now: number): boolean {
  const key = `${guildId}:${userId}`;
  const times = (state.offences.get(key) ?? []).filter((t) => now - t < OFFENCE_WINDOW_MS);
  times.push(now);
  if (times.length >= OFFENCES_BEFORE_TIMEOUT) {
    state.offences.delete(key);
    return true;
  }
  state.offences.set(key, times);
  return false;
}
