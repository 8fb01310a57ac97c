/**
 * Webhook pacing on Discord's rate-limit contract (part of `npm run bench:bot`): the fake Discord
 * enforces a bucket of 5 posts per 2 s per webhook, 50 requests a second per bot token and 50 for
 * the IP's calls without a token (test/fakes/discord/rate-limits.ts). Each scenario runs before
 * (webhook posts on the bot's REST, sharing discord.js's one 50/s counter with the bot's own calls)
 * and after (bot/webhook-rest.ts: a REST of their own, without the token).
 */
import { Routes } from 'discord.js';
import { detachWebhookRest } from '../bot/webhook-rest';
import type { Provider } from '../src/server/translation/providers/types';
import { makeGuild, makeMember, startFakeDiscord } from '../test/fakes/discord';
import { enforceRateLimits } from '../test/fakes/discord/rate-limits';
import { startBenchBot } from './bot-stack';

const LANGS = ['en', 'es', 'fr', 'de', 'ja'];
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/**
 * The originals' texts a webhook post carries: one per line once copies are combined under the
 * webhook's bucket (bot/features/channels/copy-queue.ts: `**Author:** [es] text` lines, or one
 * author's lines joined), without the language tag the instant provider adds.
 */
export function copiedTexts(content: string): string[] {
  return content.split('\n').map((line) => /^(?:\*\*.+?:\*\* )?(?:\[\w+\] )?(.*)$/s.exec(line)?.[1] ?? line);
}

export interface PacingResult {
  messagesPerSecond: number;
  /** The bot's own calls (a GET every 50 ms during the burst): p50 / p99 ms. */
  botCallP50: number;
  botCallP99: number;
  webhook429: number;
  global429: number;
  botGlobal429: number;
}

/**
 * `servers` servers, each with one link of `linked` channels, each sending `perServer` messages
 * at once; meanwhile the bot makes one call of its own every 50 ms (as replies, reactions and
 * role changes do). Answers the mirror throughput of the whole bot and the bot calls' latency.
 */
export async function runPacing(
  provider: Provider,
  opts: { servers: number; linked: number; perServer: number; share: boolean },
): Promise<PacingResult> {
  const guilds = Array.from({ length: opts.servers }, (_, i) =>
    makeGuild(
      `Pacing ${i}`,
      LANGS.map((l) => `chat-${l}`),
    ),
  );
  const fake = await startFakeDiscord({ guilds });
  const stack = await startBenchBot({
    name: 'bench-pacing-',
    fake,
    guildId: guilds[0].id,
    provider,
    // Before: without a webhook REST of their own, webhook calls go through the bot's (as they used to).
    beforeReady: (bot) => {
      if (opts.share) detachWebhookRest(bot.client);
    },
  });
  const { db, admin, bot } = stack;
  // The bot records each server as its GUILD_CREATE is handled, which may end after ready.
  const present = db.$sqlite!.prepare('select count(*) as n from guilds where id = ?');
  for (const guild of guilds)
    while ((present.get(guild.id) as { n: number }).n === 0) await new Promise((r) => setTimeout(r, 20));
  for (const guild of guilds) {
    db.$sqlite!.prepare("update guilds set plan = 'pro' where id = ?").run(guild.id);
    await admin.channels.create({
      guildId: guild.id,
      name: 'bench',
      mode: 'mirror',
      channels: guild.channels.slice(0, opts.linked).map((c, i) => ({ channelId: c.id, language: LANGS[i] })),
    });
  }
  const targets = opts.linked - 1;
  const seen = new Map<string, number>();
  let left = 0;
  let done: (() => void) | null = null;
  const origPush = fake.calls.push.bind(fake.calls);
  fake.calls.push = (...calls) => {
    for (const c of calls) {
      if (c.method !== 'POST' || c.status !== 200 || !c.path.startsWith('/webhooks/')) continue;
      for (const text of copiedTexts(c.body?.content ?? '')) {
        const n = (seen.get(text) ?? 0) + 1;
        seen.set(text, n);
        if (n === targets && left > 0 && --left === 0) done?.();
      }
    }
    return origPush(...calls);
  };
  const author = makeMember('bench-author');
  const send = (guildIndex: number, text: string) =>
    fake.sendMessage({
      channelId: guilds[guildIndex].channels[0].id,
      author: author.user,
      member: author,
      content: text,
    });
  // Warm-up: each server's webhooks get created (one message each, one at a time).
  for (let g = 0; g < guilds.length; g++) {
    await new Promise<void>((resolve) => {
      left = 1;
      done = resolve;
      send(g, `warm-up ${g}`);
    });
  }
  // Start with fresh counters and buckets.
  await new Promise((r) => setTimeout(r, 2100));
  const limits = enforceRateLimits(fake);
  const botCalls: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t0 = performance.now();
      await bot.client.rest.get(Routes.user('@me'));
      botCalls.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  await new Promise<void>((resolve) => {
    left = opts.servers * opts.perServer;
    done = resolve;
    for (let i = 0; i < opts.perServer; i++)
      for (let g = 0; g < guilds.length; g++) send(g, `burst ${g} ${i}`);
  });
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await probe;
  await stack.close();
  await fake.close();
  botCalls.sort((a, b) => a - b);
  return {
    messagesPerSecond: (opts.servers * opts.perServer) / seconds,
    botCallP50: pct(botCalls, 50),
    botCallP99: pct(botCalls, 99),
    webhook429: limits.webhook429,
    global429: limits.global429,
    botGlobal429: limits.botGlobal429,
  };
}

export async function pacingReport(provider: Provider) {
  console.log(
    "\nWebhook pacing on Discord's contract (fake Discord enforces 5 posts / 2 s per webhook, 50/s per bot token, 50/s per IP without a token)",
  );
  console.log(
    'servers x link | messages each | webhook REST                 | messages/s (whole bot) | bot call p50 / p99 during burst | 429s: webhook / global (of which bot token)',
  );
  for (const [servers, linked, perServer] of [
    [1, 2, 20],
    [1, 5, 20],
    [30, 2, 10],
    [30, 5, 5],
  ] as const) {
    for (const share of [true, false]) {
      const r = await runPacing(provider, { servers, linked, perServer, share });
      console.log(
        `${`${servers} x ${linked}-channel`.padEnd(14)} | ${String(perServer).padStart(13)} | ${(share ? 'before: shares the bot 50/s' : 'after: own (IP) 50/s').padEnd(28)} | ${r.messagesPerSecond.toFixed(1).padStart(22)} | ${`${r.botCallP50.toFixed(0)} / ${r.botCallP99.toFixed(0)} ms`.padStart(31)} | ${`${r.webhook429} / ${r.global429} (${r.botGlobal429})`.padStart(20)}`,
      );
    }
  }
}
