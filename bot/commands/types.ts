import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  ContextMenuCommandBuilder,
  MessageContextMenuCommandInteraction,
  RESTPostAPIApplicationCommandsJSONBody,
  SharedSlashCommand,
} from 'discord.js';
import type { BotContext } from '../context';

/** One application command (one file per command under bot/commands/). */
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

export function commandJson(c: BotCommand): RESTPostAPIApplicationCommandsJSONBody {
  return c.data.toJSON();
}
