import { guilds, translationLogs } from '../../db/schema';
import type { Services } from '../../src/server/core/services';

/** Translation log fixtures with hand-computed figures (test/api/stats.test.ts, analytics.test.ts). */

// Wednesday 18 March 2026, noon UTC. The weekly chart covers Thu 12 .. Wed 18.
export const SAMPLE_NOW = new Date('2026-03-18T12:00:00Z');

export type Log = [
  user: string | null,
  name: string | null,
  from: string,
  to: string,
  at: string,
  latency: number,
  outcome?: string,
];
// This week [Mar 11 12:00, Mar 18 12:00): 6 ok, one error, one rate-limited; the week before: 4 ok; older: 2 ok.
export const SAMPLE_LOGS: Log[] = [
  ['u1', 'Alice', 'en', 'es', '2026-03-18T10:00:00Z', 100],
  ['u1', 'Alice', 'en', 'es', '2026-03-17T09:00:00Z', 200],
  ['u2', 'Bob', 'es', 'en', '2026-03-16T15:00:00Z', 300],
  ['u3', null, 'en', 'fr', '2026-03-16T16:00:00Z', 400],
  ['u2', 'Bob', 'es', 'en', '2026-03-14T08:00:00Z', 500],
  ['u1', 'Alice', 'en', 'es', '2026-03-12T13:00:00Z', 600],
  ['u2', 'Bob', 'en', 'de', '2026-03-15T11:00:00Z', 50, 'error'],
  ['u1', 'Alice', 'en', 'es', '2026-03-18T11:00:00Z', 0, 'rate_limited'],
  ['u1', 'Alice', 'en', 'es', '2026-03-10T10:00:00Z', 100],
  ['u2', 'Bob', 'es', 'en', '2026-03-09T10:00:00Z', 100],
  ['u1', 'Alice', 'en', 'fr', '2026-03-08T20:00:00Z', 100],
  ['u2', 'Bob', 'es', 'en', '2026-03-05T20:00:00Z', 100],
  ['u5', 'Eve', 'en', 'es', '2026-02-26T23:00:00Z', 100],
  ['u5', 'Eve', 'en', 'ja', '2026-02-20T00:00:00Z', 100],
];

export async function insertLogs(server: { services: Services }, guildId: string, logs: Log[]) {
  await server.services.db.insert(guilds).values({ id: guildId }).onConflictDoNothing().run();
  for (const [userId, username, sourceLanguage, targetLanguage, at, latencyMs, outcome] of logs) {
    await server.services.db
      .insert(translationLogs)
      .values({
        guildId,
        userId,
        username,
        sourceLanguage,
        targetLanguage,
        characters: 40,
        latencyMs,
        outcome: (outcome ?? 'ok') as 'ok',
        createdAt: new Date(at),
      })
      .run();
  }
}
