import { HOUR_WEIGHTS, MEMBERS, TARGET_WEIGHTS, WEEKDAY_FACTORS } from './demo-content';
import { DAY, type DemoSeed, HOUR, MINUTE } from './demo-seed';
import { translationLogs, voiceSessions } from './schema';

/**
 * The demo server's activity: voice sessions and about 3000 translation logs over the last 30
 * days. Called in order by seedDemo (demo.ts): the random sequence depends on it.
 */

/** Voice sessions. */
export async function seedVoiceSessions(s: DemoSeed): Promise<void> {
  const { db, guildId, rnd, t, ago, userId, ch, add } = s;
  const pairs: [string, string][] = [
    ['en', 'es'],
    ['es', 'en'],
    ['en', 'fr'],
    ['de', 'en'],
    ['en', 'ja'],
    ['pt', 'en'],
  ];
  for (let i = 0; i < 12; i++) {
    const active = i < 2;
    const [source, target] = pairs[i % pairs.length];
    const duration = active ? 0 : rnd.int(5, 95) * 60 + rnd.int(0, 59);
    const startedAt = active ? ago((i === 0 ? 8 : 25) * MINUTE) : ago((i * 40 + rnd.int(0, 30)) * HOUR);
    const seconds = active ? (t - startedAt.getTime()) / 1000 : duration;
    await db
      .insert(voiceSessions)
      .values({
        guildId,
        channelId: ch.Lounge,
        sourceLanguage: source,
        targetLanguage: target,
        status: active ? 'active' : 'ended',
        durationSeconds: duration,
        charactersProcessed: Math.round(seconds * (9 + rnd.next() * 6)),
        startedBy: userId(i % 5),
        startedAt,
        endedAt: active ? null : new Date(startedAt.getTime() + duration * 1000),
      })
      .run();
  }
  add('voice sessions', 12);
}

/** Translation logs (about 3000 over the last 30 days). */
export async function seedTranslationLogs(s: DemoSeed): Promise<void> {
  const { db, guildId, rnd, t, userId, ch, add } = s;
  const logRows: (typeof translationLogs.$inferInsert)[] = [];
  const memberWeights = MEMBERS.map((_, m) => 1 / (m + 1) ** 0.8);
  const memberIndexes = MEMBERS.map((_, m) => m);
  const joinedDaysAgo = (m: number) => (m < 15 ? 30 : 6 + (19 - m) * 2);
  const hours = HOUR_WEIGHTS.map((_, h) => h);
  const today = Math.floor(t / DAY) * DAY;
  let logs = 0;
  for (let d = 29; d >= 0; d--) {
    const dayStart = today - d * DAY;
    const weekday = (new Date(dayStart).getUTCDay() + 6) % 7;
    const growth = 0.8 + (0.4 * (29 - d)) / 29;
    const n = Math.round(96 * WEEKDAY_FACTORS[weekday] * growth * (0.9 + rnd.next() * 0.2));
    for (let i = 0; i < n; i++) {
      const at = dayStart + rnd.weighted(hours, HOUR_WEIGHTS) * HOUR + rnd.int(0, HOUR - 1);
      if (at > t) continue;
      // The last few members joined in the last two weeks (the active-users trend moves).
      let m = rnd.weighted(memberIndexes, memberWeights);
      while (d > joinedDaysAgo(m)) m = rnd.weighted(memberIndexes, memberWeights);
      const [username, native] = MEMBERS[m];
      const others = TARGET_WEIGHTS.filter(([code]) => code !== native);
      const target = rnd.weighted(
        others.map(([code]) => code),
        others.map(([, w]) => w),
      );
      const roll = rnd.next();
      const outcome = roll < 0.02 ? 'error' : roll < 0.025 ? 'rate_limited' : 'ok';
      const latency =
        outcome === 'rate_limited' ? 0 : Math.min(8000, Math.round(280 + -Math.log(1 - rnd.next()) * 380));
      const channel =
        target === 'pt' || native === 'pt' ? ch['trading-pt'] : (ch[`general-${target}`] ?? ch['general-en']);
      const source = rnd.weighted(['mirror', 'context-menu', 'reaction', 'single'], [70, 20, 7, 3]);
      // Which provider lane served it (the Analytics providers card): mostly the operator's Gemini,
      // some from the cache, a few from the DeepL fallback while Gemini was down; a failure names
      // the lane asked first. Taken from the row's number, not the random sequence, so every
      // other demo figure stays as it was.
      const slot = logs % 100;
      const provider =
        outcome !== 'ok' || slot >= 14 ? 'gemini:gemini-2.5-flash' : slot < 3 ? 'deepl:deepl' : 'cache';
      logRows.push({
        guildId,
        channelId: channel,
        userId: userId(m),
        username,
        sourceLanguage: native,
        targetLanguage: target,
        characters: rnd.int(12, 280),
        latencyMs: latency,
        outcome,
        source,
        provider,
        createdAt: new Date(at),
      });
      logs++;
    }
  }
  for (let i = 0; i < logRows.length; i += 500) {
    await db
      .insert(translationLogs)
      .values(logRows.slice(i, i + 500))
      .run();
  }
  add('translation logs', logs);
}
