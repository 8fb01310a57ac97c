/**
 * Try the translation configuration from a shell:
 *   npm run translate -- --to es,fr "Hello <@123> :wave:"
 *   npm run translate -- --to ja --from en --tone formal --context "previous message" "text"
 * Prints each translation, the source language and how it was found, and the provider; or the
 * reason it cannot (no provider configured, provider failing). Nothing is written to disk.
 */
import { parseArgs } from 'node:util';
import { openDb } from '../db/client';
import { languageName } from '../src/common/languages';
import { loadDotEnvFile, loadEnv } from '../src/server/core/env';
import { createTranslator } from '../src/server/translation';
import { serverPromptSource } from '../src/server/app/services';

const USAGE =
  'usage: npm run translate -- --to es,fr [--from en] [--tone casual|formal] [--context "..."] "text"';

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const text = args.positionals.join(' ');
  const targets = (args.values.to ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!text || !targets.length) {
    console.error(USAGE);
    return 2;
  }
  const tone = args.values.tone;
  if (tone !== undefined && tone !== 'casual' && tone !== 'formal') {
    console.error(`--tone: must be casual or formal\n${USAGE}`);
    return 2;
  }
  let env: ReturnType<typeof loadEnv>;
  try {
    loadDotEnvFile();
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
  // In memory: the command needs the engine's tables but never writes a file.
  const db = await openDb(':memory:');
  const translator = createTranslator({ db, prompt: serverPromptSource(db), env, clock: () => new Date() });
  console.log(`provider: ${translator.provider ?? 'none'}`);
  try {
    const res = await translator.translate({
      text,
      targets,
      source: args.values.from,
      tone,
      context: args.values.context,
      origin: 'cli',
    });
    console.log(`source: ${res.source} (${languageName(res.source)}, ${res.detectedBy ?? 'unknown'})`);
    for (const [code, translation] of Object.entries(res.translations))
      console.log(`${code}: ${translation}`);
    for (const code of res.skipped)
      console.log(`${code}: (skipped: the text is already ${languageName(code)})`);
    if (res.usage) {
      console.log(
        `calls: ${res.usage.calls}, tokens in/out: ${res.usage.inputTokens}/${res.usage.outputTokens}`,
      );
    }
    return 0;
  } catch (err) {
    console.error(`cannot translate: ${(err as Error).message}`);
    return 1;
  } finally {
    await db.$close();
  }
}

function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      to: { type: 'string', short: 't' },
      from: { type: 'string', short: 'f' },
      tone: { type: 'string' },
      context: { type: 'string', multiple: true },
    },
  });
}

main().then((code) => process.exit(code));
