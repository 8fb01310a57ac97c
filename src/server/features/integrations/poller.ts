import type { Services } from '../../core/services';
import { pollYouTube } from './youtube';

/** Reads YouTube feeds without a live WebSub subscription every INTEGRATIONS_POLL_SECONDS. */
export function startIntegrationPolling(services: Services): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await pollYouTube(services);
    } catch (err) {
      console.error('Integrations poll failed:', err instanceof Error ? err.message : err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), services.env.INTEGRATIONS_POLL_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
