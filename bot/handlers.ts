import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  ClientEvents,
  ContextMenuCommandBuilder,
  MessageContextMenuCommandInteraction,
  SharedSlashCommand,
} from 'discord.js';
import type { BotContext } from './context';

/*
 * What a capability (bot/features/<capability>/) hands the bot: its application commands, the
 * Discord events it handles, the setup of its server events' delivery. The bot's composition lists
 * them (every command in bot/commands/index.ts, every event in bot/events/index.ts, every server
 * event's handler in bot/server-events.ts); a capability imports these shapes, never those lists.
 */

/** One application command: a slash command or a message context menu entry. */
export type BotCommand =
  | {
      kind: 'slash';
      data: SharedSlashCommand;
      execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void>;
      autocomplete?(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void>;
    }
  | {
      kind: 'message';
      data: ContextMenuCommandBuilder;
      execute(ctx: BotContext, interaction: MessageContextMenuCommandInteraction): Promise<void>;
    };

/** One Discord event the bot listens to. */
export interface BotEvent<K extends keyof ClientEvents = keyof ClientEvents> {
  name: K;
  run(ctx: BotContext, ...args: ClientEvents[K]): Promise<void>;
}

export function defineEvent<K extends keyof ClientEvents>(
  name: K,
  run: (ctx: BotContext, ...args: ClientEvents[K]) => Promise<void>,
): BotEvent<K> {
  return { name, run };
}

/** Bot-side setup of a domain's delivery (catch-up on clientReady, timers); subscribe returns the undo. */
export interface ServerEventHandler {
  subscribe(ctx: BotContext): () => void;
}
