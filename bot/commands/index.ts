import { ban, kick, timeout, unban, warn } from '../features/cases/actions';
import { caseCommand, history } from '../features/cases/lookup';
import { exchange } from '../features/exchange/command';
import { learn } from '../features/learning/learn';
import { poll } from '../features/polls/command';
import { practice } from '../features/learning/practice';
import { progress } from '../features/learning/progress';
import { quiz } from '../features/learning/quiz';
import { leaderboardCommand, rank } from '../features/xp/rank';
import { setlanguage } from '../features/translation/setlanguage';
import { ticket } from '../features/tickets/command';
import { ticketPanel } from '../features/tickets/panel-command';
import { translateMe } from '../features/translation/translate-me';
import { translateMessage } from '../features/translation/translate-message';
import { translateText } from '../features/translation/translate-text';
import { hideTranslationsOf } from '../features/translation/hide-translations-of';
import type { BotCommand } from '../handlers';
import { voice } from '../features/voice/command';

/**
 * Every application command of the bot, in the order Discord receives them (their set's hash in
 * register.ts names the version): the bot's composition of its capabilities' commands, as
 * bot/events/index.ts is of their events and bot/server-events.ts of their server events. Nothing
 * of bot/features imports it; they take the command's shape from bot/handlers.ts.
 */
export const COMMANDS: BotCommand[] = [
  setlanguage,
  translateMessage,
  translateMe,
  hideTranslationsOf,
  translateText,
  learn,
  practice,
  quiz,
  progress,
  ticket,
  ticketPanel,
  poll,
  rank,
  leaderboardCommand,
  voice,
  exchange,
  warn,
  timeout,
  kick,
  ban,
  unban,
  caseCommand,
  history,
];

export const commandsByName = new Map(COMMANDS.map((c) => [c.data.name, c]));
