import type { BotContext } from '../../context';
import { stopSession } from './session';

/** Queue job 'voice:ended': End Session on the dashboard (the row already says ended): the bot leaves the channel. */
export async function runVoiceEndedJob(
  ctx: BotContext,
  e: { guildId: string; sessionId: number },
): Promise<void> {
  await stopSession(ctx, e.sessionId, null);
}
