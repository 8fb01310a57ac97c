import type { Services } from '../src/server/services';

export interface RunningBot {
  stop(): Promise<void>;
}

/** Starts the Discord bot when DISCORD_TOKEN is set; otherwise says so and returns null. */
export async function startBot(services: Services): Promise<RunningBot | null> {
  if (!services.env.DISCORD_TOKEN) {
    console.log('Discord bot not started: DISCORD_TOKEN is not set');
    return null;
  }
  console.log('Discord bot: not built yet in this version');
  return null;
}
