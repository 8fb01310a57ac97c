/**
 * npm run bench:moderation — printed figures, never asserted.
 * 1. The local layers (spam, banned words, scams) over the labelled set in test/moderation:
 *    precision and recall per category, false positives on the clean messages.
 * 2. Provider calls per message with moderation (AI layer, Plus plan) and translation both on:
 *    messages in a mirror-linked channel (the verdict rides in the translation call) and in a
 *    channel that is not translated (one classification call).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../db/client';
import { channelLinkChannels, channelLinks, guilds, moderationRules } from '../db/schema';
import { loadEnv } from '../src/server/core/env';
import { createModerationState } from '../src/server/moderation/state';
import { onMemberMessage } from '../src/server/features/moderation/flow';
import { createTranslator } from '../src/server/translation';
import { serverPromptSource } from '../src/server/app/services';
import { warmDetector } from '../src/server/translation/detect';
import type { Provider } from '../src/server/translation/providers/types';
import { evaluateLocal } from '../test/moderation/eval-run';
import { EVAL_BANNED_WORDS, EVAL_SET } from '../test/moderation/eval-set';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function localFigures() {
  const languages = new Set(EVAL_SET.map((m) => m.lang));
  console.log(
    `Labelled set: ${EVAL_SET.length} messages, ${languages.size} languages (${[...languages].join(', ')})\n`,
  );
  const f = evaluateLocal(EVAL_SET);
  console.log('Local layers, per category');
  console.table(
    f.categories.map((c) => ({
      category: c.label,
      messages: c.messages,
      caught: c.caught,
      'wrongly flagged as it': c.falsePositives,
      precision: pct(c.precision),
      recall: pct(c.recall),
    })),
  );
  console.log("(toxic lines are the AI layer's: the local layers are not meant to catch them)");
  console.log(`False positives on the clean set: ${f.clean.flagged.length} of ${f.clean.messages}`);
  for (const m of f.clean.flagged) console.log(`  flagged clean: ${JSON.stringify(m.text)}`);
  for (const m of f.missed) console.log(`  missed ${m.message.label}: ${JSON.stringify(m.message.text)}`);
}

/** Answers at once, with translations and a verdict when asked; counts calls. */
function countingProvider() {
  let calls = 0;
  const provider: Provider = {
    name: 'counting',
    model: 'bench',
    async complete(req) {
      calls++;
      const ask = JSON.parse(req.user) as { text: string; targets: string[]; source: string | null };
      const toxic = /worthless|leave the server|kill yourself/i.test(ask.text);
      const text = JSON.stringify({
        source: ask.source ?? 'en',
        translations: Object.fromEntries(ask.targets.map((t) => [t, `[${t}] ${ask.text}`])),
        ...(req.moderation
          ? { moderation: { flagged: toxic, category: toxic ? 'harassment' : 'none', reason: '' } }
          : {}),
      });
      return { text, inputTokens: 0, outputTokens: 0 };
    },
  };
  return { provider, calls: () => calls };
}

async function providerCalls() {
  await warmDetector();
  const dir = mkdtempSync(join(tmpdir(), 'bench-moderation-'));
  const db = await openDb(join(dir, 'app.db'));
  const env = loadEnv({ DATABASE_PATH: join(dir, 'app.db') });
  const counting = countingProvider();
  const translator = createTranslator({
    db,
    prompt: serverPromptSource(db),
    env,
    clock: () => new Date(),
    provider: counting.provider,
  });
  await db.insert(guilds).values({ id: '1', name: 'Bench', plan: 'plus', present: true }).run();
  // The admin saved the rules: spam, banned words and the AI layer on.
  await db
    .insert(moderationRules)
    .values({ guildId: '1', bannedWords: EVAL_BANNED_WORDS, autoDelete: true })
    .run();
  const link = await db
    .insert(channelLinks)
    .values({ guildId: '1', name: 'mirror', mode: 'mirror' })
    .returning()
    .get();
  await db
    .insert(channelLinkChannels)
    .values([
      { linkId: link.id, channelId: '10', language: 'en', position: 0 },
      { linkId: link.id, channelId: '11', language: 'es', position: 1 },
      { linkId: link.id, channelId: '12', language: 'ja', position: 2 },
    ])
    .run();
  const deps = {
    db,
    translator,
    publicUrl: 'http://localhost',
    state: createModerationState(),
    clock: () => new Date(),
  };
  const messages = EVAL_SET.filter((m) => m.label === 'clean' || m.label === 'toxic');
  for (const [channelId, what] of [
    ['10', 'mirror-linked channel (moderation + translation into 2 languages)'],
    ['99', 'channel that is not translated (moderation only)'],
  ] as const) {
    const before = counting.calls();
    let translated = 0;
    let flagged = 0;
    for (const [i, m] of messages.entries()) {
      const out = await onMemberMessage(deps, {
        guildId: '1',
        channelId,
        messageId: String(10_000 + i),
        authorId: String(20_000 + i),
        authorName: 'member',
        content: `${m.text} #${i}`,
        attachments: [],
        mentions: 0,
        exempt: false,
      });
      if (out.plan.status === 'ok') translated++;
      if (out.moderation) flagged++;
    }
    const calls = counting.calls() - before;
    console.log(
      `${what}: ${messages.length} messages, ${translated} translated, ${flagged} flagged, ` +
        `${calls} provider calls = ${(calls / messages.length).toFixed(2)} per message`,
    );
  }
  db.$sqlite!.close();
  rmSync(dir, { recursive: true, force: true });
}

localFigures();
console.log('\nProvider calls per message, AI moderation and translation both on (Plus plan)');
await providerCalls();
