import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botCaller } from '../../bot/context';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { statementsDuring as statementsOf } from '../helpers/database';
import { seedChannels } from '../helpers/guilds';
import { startTestServer, type TestServer } from '../helpers/server';
import { geminiEnv } from '../translation/helpers';

/**
 * What one mirrored message costs the database (issue 24): every statement the executor runs for
 * a 5-language message, through the bot's procedures and the real engine (the fake Gemini on
 * loopback answers). The engine's accounting is one read (plan, carried usage, own-key usage and
 * the month's sum together) and one write (the logs); the whole message stays within its budget,
 * so a statement added on this path fails here instead of growing the CPU per message silently.
 */
const guildId = '740000000000000001';
const channels = ['en', 'es', 'fr', 'de', 'ja'].map((language, i) => ({
  channelId: String(740000000000000011n + BigInt(i)),
  language,
}));
/**
 * onMessage (opt-out, settings, link, moderation rules, glossary with the plan, style with the
 * plan, usage, logs, webhooks) + recordCopies.
 */
const BUDGET = 10;

let fake: FakeProvider;
let s: TestServer;

beforeAll(async () => {
  fake = await startFakeGemini();
  // Plus: a monthly allowance, so the month's usage is read before each provider call.
  s = await startTestServer({ env: geminiEnv(fake.url), guilds: [{ id: guildId, plan: 'plus' }] });
  await seedChannels(
    s.services,
    guildId,
    channels.map((c) => c.channelId),
  );
  const res = await s.api(`/api/channels/links?guildId=${guildId}`, {
    method: 'POST',
    admin: true,
    body: { name: 'chat', mode: 'mirror', channels },
  });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

let next = 0;
/** One member's message as the bot hands it over, then the copies it posted. */
async function mirror(content: string) {
  const messageId = String(750000000000000000n + BigInt(next++));
  const bot = botCaller(s.services);
  const plan = await bot.channels.bot.onMessage({
    guildId,
    channelId: channels[0].channelId,
    messageId,
    authorId: '760000000000000001',
    authorName: 'Ana',
    content,
  });
  if (plan.status !== 'ok') throw new Error(`not mirrored: ${plan.status}`);
  expect(plan.posts.map((p) => p.language)).toEqual(['es', 'fr', 'de', 'ja']);
  await bot.channels.bot.recordCopies({
    guildId,
    original: { messageId, channelId: channels[0].channelId },
    copies: plan.posts.map((p, n) => ({
      copyMessageId: String(770000000000000000n + BigInt(next * 10 + n)),
      copyChannelId: p.channelId,
      language: p.language,
      kind: 'webhook' as const,
    })),
  });
}

/** The statements the database runs while `fn` runs. */
const statementsDuring = (fn: () => Promise<unknown>) => statementsOf(s.services.db, fn);

describe('one mirrored message', () => {
  it('runs the accounting in one read and one write, and the whole message within its statement budget', async () => {
    // The first message of a server makes what is made once (e.g. its webhooks' rows).
    await mirror('good morning, everyone');
    const seen = await statementsDuring(() => mirror('who is coming to the meeting tonight?'));
    const touching = (table: string) => seen.filter((t) => t.includes(`"${table}"`));

    // Plan, carried usage, own-key usage and the month's sum: one statement.
    expect(touching('analytics_daily')).toHaveLength(1);
    expect(touching('provider_key_usage')).toEqual(touching('analytics_daily'));
    expect(touching('analytics_daily')[0]).toMatch(/^select .*"guilds"\."usage_carried"/);
    // The glossary's and the style's capability checks read the plan in their own statements.
    expect(seen.filter((t) => /^select "plan" from "guilds"/.test(t))).toEqual([]);
    expect(touching('glossary_terms')).toHaveLength(1);
    expect(touching('translation_style')).toHaveLength(1);
    // The guild row exists: nothing upserts it per message.
    expect(seen.filter((t) => /^insert into "guilds"/.test(t))).toEqual([]);
    // The four delivered translations: one insert.
    expect(touching('translation_logs')).toHaveLength(1);
    expect(touching('translation_logs')[0]).toMatch(/^insert into "translation_logs"/);

    expect(seen.length).toBeLessThanOrEqual(BUDGET);
  });

  it('moderates a server with saved rules in the same budget: its rules and its plan are one read', async () => {
    const saved = await s.api(`/api/moderation/rules?guildId=${guildId}`, {
      method: 'PATCH',
      admin: true,
      body: { spamDetection: true, bannedWords: ['spoiler'] },
    });
    expect(saved.status).toBe(200);
    const seen = await statementsDuring(() => mirror('the match starts at eight'));
    // The rules joined to the plan: moderation's capability checks read nothing on their own.
    const rules = seen.filter((t) => t.includes('"moderation_rules"'));
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatch(/^select "guilds"\."plan"/);
    expect(seen.filter((t) => /^select "plan" from "guilds"/.test(t))).toEqual([]);
    expect(seen.length).toBeLessThanOrEqual(BUDGET);
    // The rules apply: a banned word is still caught on this path.
    const bot = botCaller(s.services);
    const verdict = await bot.channels.bot.onMessage({
      guildId,
      channelId: channels[0].channelId,
      messageId: String(750000000000000000n + BigInt(next++)),
      authorId: '760000000000000002',
      authorName: 'Bo',
      content: 'huge spoiler ahead',
    });
    expect(verdict.moderation).not.toBeNull();
  });

  it('counts the message against the allowance: the next read sees it', async () => {
    const before = (await s.api(`/api/usage?guildId=${guildId}`, { admin: true })).json as { used: number };
    await mirror('see you all tomorrow at noon');
    const after = (await s.api(`/api/usage?guildId=${guildId}`, { admin: true })).json as { used: number };
    expect(after.used).toBe(before.used + 4);
  });
});
