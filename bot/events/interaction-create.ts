import { Events, type Interaction, MessageFlags } from 'discord.js';
import { commandsByName } from '../commands';
import { handleComponent } from '../commands/components';
import type { BotContext } from '../context';
import { defineEvent } from '../handlers';

const SORRY =
  'Sorry, something went wrong on my side while doing that. Please try again in a minute; if it keeps happening, tell a server admin.';

/** A member always gets an answer in plain words, never silence or a stack trace. */
async function apologise(interaction: Interaction) {
  if (!interaction.isRepliable()) return;
  try {
    if (interaction.deferred || interaction.replied) await interaction.editReply({ content: SORRY });
    else await interaction.reply({ content: SORRY, flags: MessageFlags.Ephemeral });
  } catch (err) {
    console.error('Could not even apologise for a failed interaction:', err);
  }
}

export async function handleInteraction(ctx: BotContext, interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const command = commandsByName.get(interaction.commandName);
    if (command?.kind !== 'slash' || !command.autocomplete) return interaction.respond([]);
    try {
      await command.autocomplete(ctx, interaction);
    } catch (err) {
      console.error(`Autocomplete of /${interaction.commandName} failed:`, err);
      if (!interaction.responded) await interaction.respond([]).catch(() => {});
    }
    return;
  }
  if (interaction.isButton() || interaction.isModalSubmit()) {
    try {
      if (!(await handleComponent(ctx, interaction))) {
        await interaction.reply({
          content: 'This button or form is no longer in use. Run the command again.',
          flags: MessageFlags.Ephemeral,
        });
      }
    } catch (err) {
      console.error(`Component ${interaction.customId} failed:`, err);
      await apologise(interaction);
    }
    return;
  }
  if (!interaction.isChatInputCommand() && !interaction.isMessageContextMenuCommand()) return;
  const command = commandsByName.get(interaction.commandName);
  try {
    if (command?.kind === 'slash' && interaction.isChatInputCommand())
      await command.execute(ctx, interaction);
    else if (command?.kind === 'message' && interaction.isMessageContextMenuCommand())
      await command.execute(ctx, interaction);
    else {
      await interaction.reply({
        content: `I do not know the command "${interaction.commandName}" any more: it was removed. Discord updates the command list shortly.`,
        flags: MessageFlags.Ephemeral,
      });
    }
  } catch (err) {
    console.error(`Command ${interaction.commandName} failed:`, err);
    await apologise(interaction);
  }
}

export default defineEvent(Events.InteractionCreate, (ctx, interaction) =>
  handleInteraction(ctx, interaction),
);
