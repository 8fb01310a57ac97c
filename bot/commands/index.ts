import { setlanguage } from './setlanguage';
import { translateMessage } from './translate-message';
import type { BotCommand } from './types';

/** Every application command of the bot, by name. */
export const COMMANDS: BotCommand[] = [setlanguage, translateMessage];

export const commandsByName = new Map(COMMANDS.map((c) => [c.data.name, c]));
