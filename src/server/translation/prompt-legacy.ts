import { languageName } from '../../common/languages';
import type { PromptInput } from './prompt';

/** The prompt before issue 16, kept for `npm run bench:translate` to compare against. */

const LEGACY_TONES = {
  casual: 'Use a natural, casual chat register, as members of an online community write to each other.',
  formal: 'Use a polite, formal register suitable for official announcements and support.',
} as const;

export function legacySystemInstruction(tone: 'casual' | 'formal'): string {
  return [
    'You translate chat messages of a Discord server.',
    'The user message is JSON. Translate its "text" into every language code listed in "targets" ("names" gives their English names).',
    LEGACY_TONES[tone],
    'Tokens like {{0}} stand for mentions, emoji, links, code and formatting: copy each exactly once, unchanged, to where it belongs in each translation. Never add new ones.',
    '"context" holds the previous messages of the channel, for understanding only: never translate them and never include them in the answer.',
    '"source" is the language of the text when known; otherwise detect it.',
    'Answer with JSON only: {"source": "<ISO 639-1 code of the text>", "translations": {"<target code>": "<translation>"}} with every target code present.',
  ].join('\n');
}

export function legacyUserMessage(input: PromptInput): string {
  return JSON.stringify({
    text: input.text,
    targets: input.targets,
    names: Object.fromEntries(input.targets.map((t) => [t, languageName(t)])),
    source: input.source,
    tone: input.tone,
    context: input.context,
    ...(input.moderate ? { moderate: true } : {}),
  });
}
