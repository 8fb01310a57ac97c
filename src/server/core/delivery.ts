/**
 * Work the dashboard asks of the bot is stored first and delivered by the bot second
 * (DESIGN.md). When the bot is online, a request waits a short while for the bot's outcome so
 * the answer can say "posted" or "failed" truthfully; otherwise it answers "queued".
 */
export type DeliveryState = 'queued' | 'delivered' | 'failed';

/** How long a request waits for the bot before answering "queued". */
export const DELIVERY_WAIT_MS = 8_000;

/** Calls `check` until it returns a value or the time is up (then null). */
export async function waitFor<T>(
  check: () => T | null | Promise<T | null>,
  timeoutMs = DELIVERY_WAIT_MS,
  intervalMs = 50,
): Promise<T | null> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() >= end) return null;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
