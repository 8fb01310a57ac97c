import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type Client,
  DiscordAPIError,
  type RESTPostAPIChannelMessageResult,
  Routes,
} from 'discord.js';
import type { PollMessage } from '../../../src/server/features/polls/render';
import type { BotContext } from '../../context';
import type { ServerEventHandler } from '../../handlers';
import { reportFailure } from '../../discord';
import { postOnceBody } from '../../nonce';
import { rethrowRefusal, serverChannel } from '../../server-channel';

/**
 * Polls in Discord: the bot posts a stored poll, edits its message after votes (debounced, so a
 * burst of votes is one edit within Discord's limit), closes polls when endsAt passes (a timer
 * re-armed from the database, so a restart loses nothing) and removes the message of a deleted poll.
 */

/** Votes within this window become one edit of the message. */
export const POLL_EDIT_DEBOUNCE_MS = 1000;
/** setTimeout's longest delay; a poll ending later is looked at again then. */
const MAX_DELAY = 2 ** 31 - 1;

interface PollState {
  debounce: Map<number, NodeJS.Timeout>;
  /** One Discord action at a time per poll (a post, then its edits, in order). */
  chain: Map<number, Promise<unknown>>;
  scheduler: NodeJS.Timeout | null;
  stopped: boolean;
}

const states = new WeakMap<Client, PollState>();

function stateOf(ctx: BotContext): PollState {
  let s = states.get(ctx.client);
  if (!s) {
    s = { debounce: new Map(), chain: new Map(), scheduler: null, stopped: false };
    states.set(ctx.client, s);
  }
  return s;
}

function reasonOf(err: unknown): string {
  if (err instanceof DiscordAPIError) return `${err.message} (Discord ${err.status})`.slice(0, 300);
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}

const STYLE = { primary: ButtonStyle.Primary, secondary: ButtonStyle.Secondary } as const;

/** The message body: content and the buttons, five to a row. */
export function pollBody(message: PollMessage) {
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  message.buttons.forEach((b, i) => {
    if (i % 5 === 0) rows.push(new ActionRowBuilder<ButtonBuilder>());
    rows[rows.length - 1]?.addComponents(
      new ButtonBuilder()
        .setCustomId(b.customId)
        .setLabel(b.label)
        .setStyle(STYLE[b.style])
        .setDisabled(b.disabled),
    );
  });
  return {
    content: message.content,
    components: rows.map((r) => r.toJSON()),
    allowed_mentions: { parse: [] },
  };
}

export type PollOutcome =
  | { kind: 'none' }
  | { kind: 'posted'; messageId: string }
  | { kind: 'failed'; error: string };

/** Does what the poll needs in Discord now (post, refresh, remove), one action at a time per poll. */
export function deliverPoll(ctx: BotContext, guildId: string, id: number): Promise<PollOutcome> {
  const state = stateOf(ctx);
  const previous = state.chain.get(id) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(() => act(ctx, guildId, id));
  state.chain.set(id, next);
  next
    .finally(() => {
      if (state.chain.get(id) === next) state.chain.delete(id);
    })
    .catch(() => {});
  return next;
}

async function act(ctx: BotContext, guildId: string, id: number): Promise<PollOutcome> {
  const work = await ctx.caller.polls.bot.work({ guildId, id });
  if (!work) return { kind: 'none' };
  const rest = ctx.client.rest;
  if (work.kind === 'post') {
    try {
      await serverChannel(ctx, guildId, work.channelId);
      // The poll's nonce: a retry (answer lost, process killed) gets the message already posted.
      const sent = (await rest.post(Routes.channelMessages(work.channelId), {
        body: { ...pollBody(work.message), ...postOnceBody('poll', id, work.channelId) },
      })) as RESTPostAPIChannelMessageResult;
      await ctx.caller.polls.bot.posted({ guildId, id, messageId: sent.id, error: null });
      armScheduler(ctx);
      return { kind: 'posted', messageId: sent.id };
    } catch (err) {
      await reportFailure(ctx, guildId, work.channelId, 'post a poll', err);
      const error = reasonOf(err);
      await ctx.caller.polls.bot.posted({ guildId, id, messageId: null, error });
      rethrowRefusal(err);
      return { kind: 'failed', error };
    }
  }
  if (work.kind === 'refresh') {
    try {
      await serverChannel(ctx, guildId, work.channelId);
      await rest.patch(Routes.channelMessage(work.channelId, work.messageId), {
        body: pollBody(work.message),
      });
    } catch (err) {
      // The message was deleted in Discord: nothing left to update.
      if (err instanceof DiscordAPIError && err.status === 404) return { kind: 'none' };
      await reportFailure(ctx, guildId, work.channelId, 'update a poll', err);
      await ctx.caller.polls.bot.refreshFailed({ guildId, id });
      rethrowRefusal(err);
    }
    return { kind: 'none' };
  }
  try {
    await serverChannel(ctx, guildId, work.channelId);
    await rest.delete(Routes.channelMessage(work.channelId, work.messageId));
  } catch (err) {
    if (!(err instanceof DiscordAPIError && err.status === 404))
      await reportFailure(ctx, guildId, work.channelId, 'delete a poll', err);
  }
  await ctx.caller.polls.bot.forget({ guildId, id });
  return { kind: 'none' };
}

/** After votes: one edit for the whole burst. */
function refreshSoon(ctx: BotContext, guildId: string, id: number) {
  const state = stateOf(ctx);
  if (state.stopped || state.debounce.has(id)) return;
  state.debounce.set(
    id,
    setTimeout(() => {
      state.debounce.delete(id);
      deliverPoll(ctx, guildId, id).catch((err) => console.error(`Poll ${id} could not be updated:`, err));
    }, POLL_EDIT_DEBOUNCE_MS),
  );
}

/** Closes the polls whose time has come, refreshes their messages, sleeps until the next end. */
async function closeDue(ctx: BotContext) {
  // Any process may close a due poll; the edit goes through REST, which is not bound to a shard.
  for (const p of await ctx.caller.polls.bot.closeDue()) await deliverPoll(ctx, p.guildId, p.id);
}

export function armScheduler(ctx: BotContext): void {
  const state = stateOf(ctx);
  if (state.stopped) return;
  ctx.caller.polls.bot
    .nextEnd()
    .then((next) => {
      if (state.scheduler) clearTimeout(state.scheduler);
      state.scheduler = null;
      if (!next || state.stopped) return;
      const delay = Math.min(Math.max(0, next.getTime() - ctx.services.clock().getTime()), MAX_DELAY);
      state.scheduler = setTimeout(() => {
        state.scheduler = null;
        closeDue(ctx)
          .catch((err) => console.error('Closing due polls failed:', err))
          .finally(() => armScheduler(ctx));
      }, delay);
    })
    .catch((err) => console.error('Poll scheduler failed:', err));
}

/** At connection: polls that ended while offline close, queued posts and edits go out, the timer is armed. */
export async function catchUpPolls(ctx: BotContext): Promise<void> {
  await ctx.caller.polls.bot.closeDue();
  for (const p of await ctx.caller.polls.bot.pending())
    if (ctx.client.guilds.cache.has(p.guildId)) await deliverPoll(ctx, p.guildId, p.id);
  armScheduler(ctx);
}

/** Queue job 'polls:changed': post, refresh or remove now; after votes, one debounced edit. */
export async function runPollJob(
  ctx: BotContext,
  { guildId, pollId, debounce }: { guildId: string; pollId: number; debounce?: boolean },
): Promise<void> {
  const state = stateOf(ctx);
  if (debounce) return refreshSoon(ctx, guildId, pollId);
  const pending = state.debounce.get(pollId);
  if (pending) {
    clearTimeout(pending);
    state.debounce.delete(pollId);
  }
  await deliverPoll(ctx, guildId, pollId);
  armScheduler(ctx);
}

const handler: ServerEventHandler = {
  subscribe(ctx) {
    const state = stateOf(ctx);
    state.stopped = false;
    const onReady = () => {
      catchUpPolls(ctx).catch((err) => console.error('Polls could not catch up at start:', err));
    };
    ctx.client.once('clientReady', onReady);
    return () => {
      state.stopped = true;
      ctx.client.off('clientReady', onReady);
      for (const t of state.debounce.values()) clearTimeout(t);
      state.debounce.clear();
      if (state.scheduler) clearTimeout(state.scheduler);
      state.scheduler = null;
    };
  },
};
export default handler;
