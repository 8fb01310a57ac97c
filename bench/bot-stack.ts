import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBot } from '../bot/client';
import { openDb } from '../db/client';
import { createCaller } from '../src/server/app/router';
import { createServices, serverPromptSource } from '../src/server/app/services';
import { loadEnv } from '../src/server/core/env';
import { createTranslator, type TranslatorDeps } from '../src/server/translation';
import type { Provider } from '../src/server/translation/providers/types';
import type { FakeDiscord } from '../test/fakes/discord';

type BotOptions = NonNullable<Parameters<typeof startBot>[1]>;
type Bot = NonNullable<Awaited<ReturnType<typeof startBot>>>;

/**
 * The product's bot as the bot benches run it (bench:bot, bench:busy, bench:voice and the pacing
 * comparison): a SQLite file in a folder of its own, the real services and translation engine
 * (no translation cache, so every message reaches `provider`), and the real discord.js bot logged in
 * to `fake` and ready. close() stops the bot, closes the database and removes the folder; the fake
 * Discord stays the caller's to close.
 */
export async function startBenchBot(opts: {
  /** The temporary folder's prefix (e.g. 'bench-bot-'). */
  name: string;
  fake: FakeDiscord;
  /** DEFAULT_GUILD_ID. */
  guildId: string;
  provider: Provider;
  /** More environment, over the bench's (e.g. MIRROR_QUEUE_MAX). */
  env?: Record<string, string>;
  /** The engine's options, over { cacheSize: 0 }. */
  translator?: TranslatorDeps['options'];
  /** startBot's options (retries 0 unless given). */
  bot?: BotOptions;
  /** Called with the started bot before it is ready (e.g. to rewire its REST). */
  beforeReady?: (bot: Bot) => void;
}) {
  const dir = mkdtempSync(join(tmpdir(), opts.name));
  const env = loadEnv({
    DATABASE_PATH: join(dir, 'app.db'),
    DISCORD_TOKEN: opts.fake.token,
    DISCORD_API_URL: opts.fake.apiUrl,
    DEFAULT_GUILD_ID: opts.guildId,
    ADMIN_TOKEN: 'bench-admin-token-0123456789',
    ...opts.env,
  });
  const db = await openDb(env.DATABASE_PATH);
  const clock = () => new Date();
  const translator = createTranslator({
    db,
    prompt: serverPromptSource(db),
    env,
    clock,
    provider: opts.provider,
    options: { cacheSize: 0, ...opts.translator },
  });
  const services = await createServices(env, { db, clock, translator });
  const bot = await startBot(services, { retries: 0, ...opts.bot });
  if (!bot) throw new Error('bot did not start');
  opts.beforeReady?.(bot);
  await bot.ready;
  const admin = createCaller({ ...services, actor: { kind: 'admin', via: 'token' }, clientIp: 'bench' });
  return {
    db,
    services,
    bot,
    /** The admin's procedures (a signed-in dashboard's calls, without HTTP). */
    admin,
    async close() {
      await bot.stop();
      db.$sqlite!.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
