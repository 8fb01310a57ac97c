import {
  type APIMessage,
  DiscordAPIError,
  Events,
  type MessageReaction,
  type PartialMessageReaction,
  type PartialUser,
  Routes,
  type User,
} from 'discord.js';
import type { BotContext } from '../../context';
import { reportFailure } from '../../discord';
import { defineEvent } from '../../handlers';
import { createKeyedOrder } from '../../keyed-order';

/**
 * Reaction sync (issue 28): a member's reaction on a message of a mirror link, or on any of its
 * copies, shows on the others as the bot's own reaction, once per emoji and message; when the last
 * member takes it off (across the original and every copy), the bot's come off too. Flags are the
 * on-demand translation trigger (events/reaction-add.ts) and are not synced; a custom emoji of a
 * server the bot is not in cannot be used by the bot: Discord answers Unknown Emoji to the first
 * try, and the emoji is skipped for the group and counted
 * (polyglot_mirror_dropped_total{what="reaction",reason="foreign_emoji"}).
 *
 * Reactions go through the bot's REST client, which queues each call behind Discord's reaction
 * bucket (one reaction per channel about every 0.25 s, from the X-RateLimit headers): never raced,
 * never spread over other routes. Events of one message group and emoji run one after the other.
 */
const inGroupOrder = createKeyedOrder();
/**
 * The bot's reaction requests, one at a time per channel: Discord gives a channel's reactions one
 * tight bucket (one per 250 ms), and discord.js learns a bucket from its first answer, so requests
 * sent together before that (a burst of emojis) would each take a 429. One at a time, each waits
 * what the previous answer said.
 */
const inChannelOrder = createKeyedOrder();

type Reaction = MessageReaction | PartialMessageReaction;

/** What the sync needs of a member's reaction; null when it is not synced (a bot's, a DM's). */
async function targetsOf(ctx: BotContext, reaction: Reaction, user: User | PartialUser) {
  const message = reaction.message;
  if (user.bot || !message.guildId || !message.channel) return null;
  const emoji = reaction.emoji;
  const name = emoji.id ? `${emoji.name ?? '_'}:${emoji.id}` : (emoji.name ?? '');
  if (!name) return null;
  const targets = await ctx.caller.channels.bot.reactionTargets({
    guildId: message.guildId,
    messageId: message.id,
    channelId: message.channelId,
    parentChannelId: message.channel.isThread() ? message.channel.parentId : null,
    emoji: name,
  });
  if (targets.length === 0) return null;
  const self = { channelId: message.channelId, messageId: message.id };
  const group = [self, ...targets].map((t) => t.messageId).sort();
  return {
    guildId: message.guildId,
    self,
    targets,
    emoji: { id: emoji.id, name: emoji.name },
    identifier: emoji.identifier,
    key: `${group[0]}:${name}`,
  };
}

/** Discord's answer to a custom emoji the bot cannot use (of a server it is not in). */
const UNKNOWN_EMOJI = 10014;

/** Adds or removes the bot's reaction; false when Discord says the bot cannot use the emoji. */
async function react(
  ctx: BotContext,
  guildId: string,
  t: { channelId: string; messageId: string },
  emoji: string,
  on: boolean,
) {
  const route = Routes.channelMessageOwnReaction(t.channelId, t.messageId, emoji);
  try {
    await inChannelOrder([t.channelId], () =>
      on ? ctx.client.rest.put(route) : ctx.client.rest.delete(route),
    );
  } catch (err) {
    if (err instanceof DiscordAPIError && err.code === UNKNOWN_EMOJI) return false;
    await reportFailure(ctx, guildId, t.channelId, on ? 'add reaction' : 'remove reaction', err);
  }
  return true;
}

/** The emoji's reaction on a message as Discord has it now: its count and whether the bot's is among them. */
async function reactionOn(
  ctx: BotContext,
  t: { channelId: string; messageId: string },
  emoji: { id: string | null; name: string | null },
) {
  try {
    const m = (await ctx.client.rest.get(Routes.channelMessage(t.channelId, t.messageId))) as APIMessage;
    const r = m.reactions?.find((x) => (emoji.id ? x.emoji.id === emoji.id : x.emoji.name === emoji.name));
    return { count: r?.count ?? 0, me: r?.me ?? false };
  } catch {
    return null; // gone: it counts for nothing
  }
}

/**
 * Brings every message of the group to the members' state: while any member has the emoji on one
 * of them, each message shows it (the bot adds its own where it is missing); once none has, the
 * bot's own come off.
 */
async function reconcile(ctx: BotContext, sync: NonNullable<Awaited<ReturnType<typeof targetsOf>>>) {
  const all = [sync.self, ...sync.targets];
  const states = await Promise.all(all.map((t) => reactionOn(ctx, t, sync.emoji)));
  const members = states.reduce((n, s) => n + (s ? s.count - (s.me ? 1 : 0) : 0), 0);
  for (const [i, t] of all.entries()) {
    const s = states[i];
    if (!s) continue;
    if (members > 0 && s.count === 0 && !(await react(ctx, sync.guildId, t, sync.identifier, true))) {
      // Not one the bot may use (the client keeps no emoji cache, so Discord is asked): none is tried again.
      ctx.services.metrics.mirrorDropped.inc({ what: 'reaction', reason: 'foreign_emoji' });
      return;
    }
    if (members === 0 && s.me) await react(ctx, sync.guildId, t, sync.identifier, false);
  }
}

export const reactionSyncAdd = defineEvent(Events.MessageReactionAdd, async (ctx, reaction, user) => {
  const sync = await targetsOf(ctx, reaction, user);
  if (sync) await inGroupOrder([sync.key], () => reconcile(ctx, sync));
});

export const reactionSyncRemove = defineEvent(Events.MessageReactionRemove, async (ctx, reaction, user) => {
  const sync = await targetsOf(ctx, reaction, user);
  if (sync) await inGroupOrder([sync.key], () => reconcile(ctx, sync));
});
