import { exchange } from './exchange';
import { learn } from './learn';
import { poll } from './poll';
import { practice } from './practice';
import { progress } from './progress';
import { quiz } from './quiz';
import { leaderboardCommand, rank } from './rank';
import { setlanguage } from './setlanguage';
import { ticket } from './ticket';
import { translateMessage } from './translate-message';
import type { BotCommand } from './types';
import { voice } from './voice';

/** Every application command of the bot, by name. */
export const COMMANDS: BotCommand[] = [
  setlanguage,
  translateMessage,
  learn,
  practice,
  quiz,
  progress,
  ticket,
  poll,
  rank,
  leaderboardCommand,
  voice,
  exchange,
];

export const commandsByName = new Map(COMMANDS.map((c) => [c.data.name, c]));
