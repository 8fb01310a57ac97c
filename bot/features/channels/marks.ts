import type { Client, Message } from 'discord.js';
import {
  UNTRANSLATED_MARKS,
  type UntranslatedReason,
  untranslatedReason,
} from '../../../src/server/features/translation/untranslated';
import type { BotContext } from '../../context';
import { reportFailure } from '../../discord';

/**
 * Nothing vanishes (issue 24): a channel message whose translations cannot be made now gets its
 * reason's reaction on the original (docs/translation.md lists them; the server counted it), and,
 * when the reason can pass (overload, provider down, a failed answer), is tried again after
 * TRANSLATION_RETRY_MS, doubling, while younger than TRANSLATION_FRESH_MS. A success posts the
 * copies late rather than never, each under a line saying so and linking the original
 * (copy-queue.ts, lateLine), and takes the reaction away.
 */

/**
 * Reasons worth another try: the monthly pause and the member's hourly limit do not pass in
 * minutes; a full post queue (🚦) drains within seconds.
 */
const RETRIED = new Set<UntranslatedReason>(['overloaded', 'unavailable', 'failed', 'queue_full']);

export async function markUntranslated(ctx: BotContext, message: Message<true>, kind: string): Promise<void> {
  try {
    await message.react(UNTRANSLATED_MARKS[untranslatedReason(kind)]);
  } catch (err) {
    await reportFailure(ctx, message.guildId, message.channelId, 'add reaction', err);
  }
}

/** Copies shed by a full post queue (copy-queue.ts): 🚦 on the original, counted; message-create.ts tries them again. */
export async function markShed(ctx: BotContext, message: Message<true>): Promise<void> {
  await markUntranslated(ctx, message, 'queue_full');
  try {
    await ctx.caller.channels.bot.markShed({ guildId: message.guildId, channelId: message.channelId });
  } catch (err) {
    console.error(`Could not count the shed copies of message ${message.id}:`, err);
  }
}

async function unmark(ctx: BotContext, message: Message<true>, reason: UntranslatedReason): Promise<void> {
  const me = ctx.client.user;
  if (!me) return;
  try {
    await message.reactions.resolve(UNTRANSLATED_MARKS[reason])?.users.remove(me.id);
  } catch (err) {
    await reportFailure(ctx, message.guildId, message.channelId, 'remove reaction', err);
  }
}

/** Each bot's pending new tries, cancelled when it stops (stopRetries). */
const pending = new WeakMap<Client, Set<NodeJS.Timeout>>();

/** The bot is stopping: no new try of any marked message starts any more. */
export function stopRetries(client: Client): void {
  for (const timer of pending.get(client) ?? []) clearTimeout(timer);
  pending.delete(client);
}

/**
 * Schedules the next try of a marked message, when its reason may pass and it is still fresh.
 * `tryAgain` asks for the plan and posts it; it resolves true when the copies went out.
 */
export function retryWhileFresh(
  ctx: BotContext,
  message: Message<true>,
  kind: string,
  tryAgain: (reason: UntranslatedReason) => Promise<boolean>,
  attempt = 0,
): void {
  const reason = untranslatedReason(kind);
  if (!RETRIED.has(reason)) return;
  const env = ctx.services.env;
  const delay = env.TRANSLATION_RETRY_MS * 2 ** attempt;
  if (Date.now() + delay - message.createdTimestamp > env.TRANSLATION_FRESH_MS) return;
  const timers = pending.get(ctx.client) ?? new Set<NodeJS.Timeout>();
  pending.set(ctx.client, timers);
  const timer = setTimeout(async () => {
    timers.delete(timer);
    // The bot stopped meanwhile: nothing to post with.
    if (!ctx.client.isReady()) return;
    try {
      if (await tryAgain(reason)) await unmark(ctx, message, reason);
      else retryWhileFresh(ctx, message, reason, tryAgain, attempt + 1);
    } catch (err) {
      console.error(`Translations of message ${message.id}: new try failed:`, err);
    }
  }, delay);
  timers.add(timer);
  timer.unref();
}
