import type { Db } from '../../../../db/client';
import type { ModerationState } from '../../moderation/state';
import type { Translator } from '../../core/translator';
import type { Conversation } from '../../core/conversation';
import type { IncomingMessage } from './messages';

/**
 * The port of the member-message pass: what the channels' bot procedures (bot.router.ts) need to
 * run a member's message through moderation, translation and the mirror in one pass. Moderation
 * implements it (features/moderation/flow.ts, memberMessagePass) on top of the channels' copies,
 * so channels cannot import it; the composition root hands it in (src/server/app/router.ts:
 * channelsRouter(memberMessagePass)). The plans and moderation's actions are type parameters:
 * channels reads only what PlanShape and `delete` name and hands the rest to the bot as it is.
 */

/** A new member message also carries what moderation needs to know about it. */
export interface MemberMessage extends IncomingMessage {
  /** Distinct user and role mentions; @everyone/@here count as many. */
  mentions: number;
  /** The author may manage messages in this channel (moderators are left alone). */
  exempt: boolean;
  locale?: string | null;
}

export interface MemberMessageDeps {
  db: Db;
  translator: Translator;
  publicUrl: string;
  /** Voice messages' audio is fetched only from Discord's hosts or this one (tests' fake Discord). */
  discordApiUrl?: string;
  state: ModerationState;
  clock: () => Date;
  /** The channels' recent messages (in memory), the context of each translation. */
  conversation?: Conversation;
}

/** What the channels' procedures read of a translation plan (a mirror's copies or a room's reply). */
export type PlanShape =
  | { status: 'none' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; reason: string; kind: string }
  | { status: 'ok' | 'reply' };

export interface MemberMessagePass<
  Plan extends PlanShape,
  EditPlan extends object,
  Action extends { delete: boolean },
> {
  /** A new message: moderated, then its plan (none when moderation removes it). */
  onMemberMessage(
    deps: MemberMessageDeps,
    msg: MemberMessage,
  ): Promise<{ plan: Plan; moderation: Action | null }>;
  /** A marked message's new try: its plan only, no moderation. */
  planTranslation(
    deps: Pick<MemberMessageDeps, 'db' | 'publicUrl' | 'discordApiUrl' | 'conversation'>,
    translator: Translator,
    msg: IncomingMessage,
  ): Promise<Plan>;
  /** An edited message: what moderation does about its new text (null when nothing). */
  moderateEdit(deps: MemberMessageDeps, msg: MemberMessage): Promise<Action | null>;
  /** An edited message: the new text of its reply or copies. */
  planTranslationEdit(
    deps: Pick<MemberMessageDeps, 'db' | 'publicUrl' | 'conversation'>,
    translator: Translator,
    msg: IncomingMessage,
  ): Promise<EditPlan>;
}
