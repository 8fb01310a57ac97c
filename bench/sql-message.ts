/**
 * Part of `npm run bench:sql`: what one mirrored member's message costs the server, on one
 * database (argument: a SQLite path or a postgres:// URL). A 5-channel mirror link (one message,
 * 4 translations), an instant in-process provider, and for each message what the bot asks the
 * server: channels.bot.onMessage (moderation, link, translation, copies to post) and
 * channels.bot.recordCopies (the 4 posted copies). Prints one JSON line: statements per message
 * (every statement the executor ran) and CPU ms per message (process.cpuUsage, user + system; the
 * database server's own CPU is not in it). It uses only what the code of before also has, so
 * bench/sql.ts also runs it in a checkout of BENCH_BEFORE for a before/after in one run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDb } from '../db/client';
import { guilds } from '../db/schema';
import { loadEnv } from '../src/server/core/env';
import { createCaller } from '../src/server/app/router';
import { createServices, serverPromptSource } from '../src/server/app/services';
import { createTranslator } from '../src/server/translation';
import type { Provider } from '../src/server/translation/providers/types';
import { seedChannels } from '../test/helpers/guilds';
import { echoAnswer } from './echo-answer';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 400);
const WARMUP = 100;
const GUILD = '100000000000000001';
/**
 * Servers sending at once, each from its own 5-channel link, one message after the other. One
 * sender alone leaves the process idle while each message waits the batch window for company
 * (a closed loop never sends it), and the CPU of waking up again is then counted per message; with
 * many the process stays busy, as it is when the figure matters: how many messages a core carries.
 */
const SENDERS = Number(process.env.BENCH_SENDERS ?? 32);
const LANGUAGES = ['en', 'es', 'fr', 'de', 'ja'];
const senders = Array.from({ length: SENDERS }, (_, k) => ({
  guildId: k === 0 ? GUILD : `1000000000000001${String(k).padStart(2, '0')}`,
  channels: LANGUAGES.map((language, i) => ({
    channelId: `2${String(k).padStart(2, '0')}00000000000000${i}`,
    language,
  })),
}));

const instant: Provider = {
  name: 'instant',
  model: 'bench',
  async complete(req) {
    const text = echoAnswer(req.user);
    return { text, inputTokens: 1, outputTokens: 1 };
  },
};

export interface MessageCost {
  statementsPerMessage: number;
  cpuMsPerMessage: number;
}

export async function measureMessage(location: string): Promise<MessageCost> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-msg-'));
  const env = loadEnv({
    DATABASE_PATH: join(dir, 'app.db'),
    ...(location.startsWith('postgres') ? { DATABASE_URL: location } : {}),
    DEFAULT_GUILD_ID: GUILD,
    ADMIN_TOKEN: 'bench-admin-token-0123456789',
  });
  const db = await openDb(location.startsWith('postgres') ? location : env.DATABASE_PATH);
  const clock = () => new Date();
  const translator = createTranslator({
    db,
    prompt: serverPromptSource(db),
    env,
    clock,
    provider: instant,
    options: { cacheSize: 0 },
  });
  const services = await createServices(env, { db, clock, translator });
  const admin = createCaller({ ...services, actor: { kind: 'admin', via: 'token' }, clientIp: 'bench' });
  const bot = createCaller({ ...services, actor: { kind: 'bot' }, clientIp: 'bench' });
  for (const sender of senders) {
    await seedChannels(
      services,
      sender.guildId,
      sender.channels.map((c) => c.channelId),
    );
    await db.update(guilds).set({ plan: 'plus' }).where(eq(guilds.id, sender.guildId)).run();
    await admin.channels.create({
      guildId: sender.guildId,
      name: 'bench',
      mode: 'mirror',
      channels: sender.channels,
    });
  }
  let statements = 0;
  const query = db.$exec.query.bind(db.$exec);
  db.$exec.query = (text, params, shape) => {
    statements++;
    return query(text, params, shape);
  };
  const send = async ({ guildId, channels }: (typeof senders)[number], i: number) => {
    const messageId = String(300000000000000000n + BigInt(i));
    const plan = await bot.channels.bot.onMessage({
      guildId,
      channelId: channels[0].channelId,
      messageId,
      // 100 authors, each far below the per-member hourly limit.
      authorId: String(400000000000000000n + BigInt(i % 100)),
      authorName: 'Bench',
      content: `message number ${i} of the bench, in English`,
      attachments: [],
      mentions: 0,
      exempt: false,
      locale: null,
    });
    if (plan.status !== 'ok' || plan.posts.length !== 4) throw new Error(`message ${i}: ${plan.status}`);
    await bot.channels.bot.recordCopies({
      guildId,
      original: { messageId, channelId: channels[0].channelId },
      copies: plan.posts.map((p, n) => ({
        copyMessageId: String(500000000000000000n + BigInt(i * 10 + n)),
        copyChannelId: p.channelId,
        language: p.language,
        kind: 'webhook' as const,
      })),
    });
  };
  // Every sender sends its share, each message after its previous one's copies are recorded.
  let next = 0;
  const sendAll = async (count: number) => {
    const end = next + count;
    await Promise.all(
      senders.map(async (sender) => {
        while (next < end) await send(sender, next++);
      }),
    );
  };
  await sendAll(WARMUP);
  statements = 0;
  const sent = next;
  const cpu = process.cpuUsage();
  await sendAll(MESSAGES);
  const used = process.cpuUsage(cpu);
  const measured = next - sent;
  await db.$close();
  return {
    statementsPerMessage: statements / measured,
    cpuMsPerMessage: (used.user + used.system) / 1000 / measured,
  };
}

// Run on its own (bench/sql.ts starts it in the checkout of before): one JSON line.
if (process.argv[1]?.endsWith('sql-message.ts') && process.argv[2]) {
  console.log(JSON.stringify(await measureMessage(process.argv[2])));
  process.exit(0);
}
