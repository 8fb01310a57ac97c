import type { Services } from '../../core/services';
import { pollTwitch } from './twitch-poll';
import { scheduleTwitchRetry } from './twitch-retry';
import { pollYouTube } from './youtube';

/** Runs `round` every `ms` until stopped; tests pass their own to move time by hand. */
export type Repeat = (round: () => Promise<void>, ms: number) => () => void;

const realRepeat: Repeat = (round, ms) => {
  const timer = setInterval(() => void round(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** A round that logs its failure, and is not doubled when the next is due while it still runs. */
function guarded(name: string, round: () => Promise<unknown>): () => Promise<void> {
  let running = false;
  return async () => {
    if (running) return;
    running = true;
    try {
      await round();
    } catch (err) {
      console.error(`${name} poll failed:`, err instanceof Error ? err.message : err);
    } finally {
      running = false;
    }
  };
}

/**
 * Reads YouTube feeds without a live WebSub subscription every INTEGRATIONS_POLL_SECONDS, and asks
 * Helix about Twitch broadcasters without an enabled EventSub subscription every TWITCH_POLL_SECONDS,
 * and makes failed EventSub subscriptions again when their backoff is due (twitch-retry.ts, croner).
 */
export function startIntegrationPolling(services: Services, repeat: Repeat = realRepeat): () => void {
  const stops = [
    repeat(
      guarded('YouTube', () => pollYouTube(services)),
      services.env.INTEGRATIONS_POLL_SECONDS * 1000,
    ),
    repeat(
      guarded('Twitch', () => pollTwitch(services)),
      services.env.TWITCH_POLL_SECONDS * 1000,
    ),
  ];
  const retry = scheduleTwitchRetry(services);
  stops.push(() => retry.stop());
  return () => {
    for (const stop of stops) stop();
  };
}
