import type { IncomingMessage, MirrorOutcome } from '../channels/messages';
import type { MemberMessage, MemberMessageDeps } from '../channels/member-messages';
import { planMirror } from '../channels/mirror';
import { checkLocal, type Finding, findingOfVerdict, moderationLayers } from './layers';
import { actOn, type ModerationAction, noteAiSkipped } from './actions';
import { planSingle, planSingleEdit, type SingleOutcome } from '../single-channel/single-channel';
import { planEdit } from '../channels/edits';
import type { ModerationVerdict, Translator } from '../../core/translator';
import { detectLanguage } from '../../translation/detect';
import { explainTranslationFailure } from '../translation/failures';
import { optedOut } from '../translation/opt-outs';

/**
 * A member's new message: moderation and translation in one pass. The local layers run first;
 * a message they flag under autoDelete is never translated. Otherwise the translation call of a
 * mirror or single-channel link also carries the AI verdict (no extra provider call); a message
 * that is not translated gets one classification call. When the provider is down, the AI layer
 * is skipped (noted in the log) and nothing is blocked.
 */

export type TranslationPlan = SingleOutcome | MirrorOutcome;

/** Wraps the translator so its calls ask for a verdict and the verdict is kept. */
function verdictTranslator(inner: Translator, moderate: boolean) {
  const seen: { verdict?: ModerationVerdict; source?: string } = {};
  const translator: Translator = {
    wraps: inner,
    get provider() {
      return inner.provider;
    },
    // Voice messages (translateAudio) and classification pass straight through.
    get audio() {
      return inner.audio;
    },
    ...(inner.translateAudio ? { translateAudio: (req) => inner.translateAudio!(req) } : {}),
    ...(inner.classify ? { classify: (req) => inner.classify!(req) } : {}),
    // The bot's own phrases (speakerFor) are product text: no verdict asked.
    ...(inner.translateTexts
      ? { translateTexts: (texts, target) => inner.translateTexts!(texts, target) }
      : {}),
    async translate(req) {
      const result = await inner.translate(moderate ? { ...req, moderate: true } : req);
      seen.verdict ??= result.moderation;
      seen.source ??= result.source;
      return result;
    },
  };
  return { translator, seen };
}

/** The single-channel reply or the mirror copies of a message (no moderation: a marked message's new try uses it too). */
export async function planTranslation(
  deps: Pick<MemberMessageDeps, 'db' | 'publicUrl' | 'discordApiUrl' | 'conversation'>,
  translator: Translator,
  msg: IncomingMessage,
): Promise<TranslationPlan> {
  const single = await planSingle(
    deps.db,
    translator,
    deps.publicUrl,
    msg,
    deps.discordApiUrl,
    deps.conversation,
  );
  if (single.status !== 'none') return single;
  return planMirror(deps.db, translator, deps.publicUrl, msg, deps.discordApiUrl, deps.conversation);
}

/** A member edited a message: the new text of its single-channel reply, else of its mirror copies. */
export async function planTranslationEdit(
  deps: Pick<MemberMessageDeps, 'db' | 'publicUrl' | 'conversation'>,
  translator: Translator,
  msg: IncomingMessage,
) {
  const single = await planSingleEdit(deps.db, translator, deps.publicUrl, msg, deps.conversation);
  if (single.status !== 'none') return single;
  return await planEdit(deps.db, translator, deps.publicUrl, msg, deps.conversation);
}

export async function onMemberMessage(
  deps: MemberMessageDeps,
  msg: MemberMessage,
): Promise<{ plan: TranslationPlan; moderation: ModerationAction | null }> {
  const { db, state } = deps;
  const at = deps.clock();
  const layers = msg.exempt ? null : await moderationLayers(db, msg.guildId);
  let finding: Finding | null = layers ? checkLocal(state, layers, msg, at.getTime()) : null;
  const act = async (f: Finding, language: string | null) =>
    await actOn(db, deps.translator, state, msg, f, {
      autoDelete: layers?.rules.autoDelete ?? false,
      language: language ?? (await detectLanguage(msg.content))?.code ?? null,
      at,
    });

  if (finding && layers?.rules.autoDelete) {
    return { plan: { status: 'none' }, moderation: await act(finding, null) };
  }

  // A member who turned translation off (/translate-me off) is never sent to the provider, for a
  // verdict either: the local layers (words, scams, spam) still watch their messages.
  const wantVerdict =
    Boolean(layers?.ai) &&
    !finding &&
    msg.content.trim() !== '' &&
    !(await optedOut(db, msg.guildId, msg.authorId));
  const spy = verdictTranslator(deps.translator, wantVerdict);
  let plan = await planTranslation(deps, spy.translator, msg);
  let language = spy.seen.source && spy.seen.source !== 'und' ? spy.seen.source : null;

  if (wantVerdict) {
    let verdict = spy.seen.verdict;
    if (!verdict && plan.status === 'failed') {
      await noteAiSkipped(db, msg.guildId, plan.reason, at);
    } else if (!verdict) {
      try {
        if (!deps.translator.classify) throw new Error('the translator cannot classify messages');
        const result = await deps.translator.classify({
          text: msg.content,
          guildId: msg.guildId,
          channelId: msg.channelId,
          userId: msg.authorId,
        });
        verdict = result.verdict;
        language ??= result.source;
      } catch (err) {
        await noteAiSkipped(db, msg.guildId, explainTranslationFailure(err, deps.publicUrl).message, at);
      }
    }
    finding = verdict ? findingOfVerdict(verdict) : null;
  }
  if (!finding) return { plan, moderation: null };
  const moderation = await act(finding, language);
  // A removed message is not mirrored: its translations are never posted.
  if (moderation.delete) plan = { status: 'none' };
  return { plan, moderation };
}

/**
 * A member edited a message: the banned-word and scam layers look at the new text (spam windows
 * count new messages only, and the AI verdict rides on new messages' translations). A message
 * flagged under autoDelete is removed with every copy already posted.
 */
export async function moderateEdit(
  deps: MemberMessageDeps,
  msg: MemberMessage,
): Promise<ModerationAction | null> {
  if (msg.exempt) return null;
  const layers = await moderationLayers(deps.db, msg.guildId);
  const finding = checkLocal(deps.state, { ...layers, spam: false }, msg, deps.clock().getTime());
  if (!finding) return null;
  return await actOn(deps.db, deps.translator, deps.state, msg, finding, {
    autoDelete: layers.rules.autoDelete,
    language: (await detectLanguage(msg.content))?.code ?? null,
    at: deps.clock(),
  });
}

/**
 * The member-message pass, the channels' port (features/channels/member-messages.ts): the
 * composition root hands it to the channels' bot procedures (src/server/app/router.ts), which
 * cannot import moderation, since moderation builds on the channels' copies (planMirror,
 * planEdit, planDelete).
 */
export const memberMessagePass = { onMemberMessage, moderateEdit, planTranslation, planTranslationEdit };
