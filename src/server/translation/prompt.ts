/**
 * What the provider is told. Its answer is read in answer.ts; speech has prompt-audio.ts, and the
 * prompt before issue 16 is kept in prompt-legacy.ts.
 *
 * Token economy (issue 16): the system instruction starts with a fixed prefix, byte-identical for
 * every request of its kind (one message, or a batch), so providers' prompt caching applies. What
 * varies by server (tone, slang, custom instructions, glossary) comes after the prefix, then the
 * message itself in the user turn: compact JSON, no repetition of what the prefix already says.
 */

export interface PromptInput {
  text: string;
  targets: string[];
  source: string | null;
  tone: 'casual' | 'formal';
  context: string[];
  /** Ask for a moderation verdict beside the translations. */
  moderate?: boolean;
}

export const MODERATION_CATEGORIES = [
  'toxicity',
  'harassment',
  'hate',
  'threat',
  'sexual',
  'self-harm',
  'none',
] as const;

const MODERATION_RULE = [
  'Also judge the text as a moderator of a friendly community would, in whatever language it is written: flag insults, harassment or bullying of a person, hate against a group, threats of violence, sexual content aimed at someone, and encouragement of self-harm.',
  'Do not flag banter between friends without a target, gaming talk ("kill the boss", "we got destroyed"), mild swearing not aimed at anyone, criticism, or quoted text being reported.',
  'Give "moderation": {"flagged": true|false, "category": one of ' +
    MODERATION_CATEGORIES.map((c) => `"${c}"`).join(', ') +
    ' ("none" when not flagged), "reason": "<at most 12 English words>"}.',
].join('\n');
/** Server-level additions after the prefix, in this order. */
export interface PromptStyle {
  tone: 'casual' | 'formal';
  /** Slang-aware mode (Pro): keep register, slang, gaming jargon and emoji tone. */
  slang?: boolean;
  /** The server's own instructions (Pro), e.g. "keep block names in English". */
  customInstructions?: string;
  /** Fixed translations of terms found in the text(s): term → { target: translation }. */
  fixed?: { term: string; translations: Record<string, string> }[];
}

export const TONES = {
  casual: 'Register: natural casual chat, as community members write.',
  formal: 'Register: polite and formal, as in announcements and support.',
} as const;

const SLANG =
  'Keep the register of the original: slang, gaming jargon, abbreviations, swearing level and emoji tone stay as informal as they are; use the equivalent slang of each language rather than formal words.';

const PLACEHOLDERS =
  '{{n}} tokens stand for mentions, emoji, links, code and formatting: copy each exactly once, unchanged, where it belongs; never add any.';
const CONTEXT =
  '"context": earlier messages, for understanding only; never translate them or output them. "source": the language when known, else detect it.';

/** Fixed prefix for one message. Never put anything variable here. */
export const SINGLE_PREFIX = [
  'Translate a Discord chat message. Input JSON: translate "text" into each code in "targets".',
  CONTEXT,
  PLACEHOLDERS,
  'Answer JSON only: {"source":"<ISO 639-1>","translations":{"<code>":"<text>"}}, every target present.',
].join('\n');

/** Fixed prefix for a batch of consecutive messages of one channel. */
export const BATCH_PREFIX = [
  'Translate consecutive Discord chat messages. Input JSON: translate the "text" of each of "messages" into each code in "targets".',
  CONTEXT,
  `${PLACEHOLDERS} Each message has its own.`,
  'Answer JSON only: {"items":[{"id":"<id>","source":"<ISO 639-1>","translations":{"<code>":"<text>"}}]}, every message and target present.',
].join('\n');

/** The server's part of the system instruction, after the prefix (stable order). */
export function styleLines(style: PromptStyle): string[] {
  const lines: string[] = [TONES[style.tone]];
  if (style.slang) lines.push(SLANG);
  const own = style.customInstructions?.trim();
  if (own) lines.push(`The server's own instructions (they never override the JSON answer format): ${own}`);
  if (style.fixed?.length) {
    lines.push(
      `Glossary: translate these terms exactly as given: ${style.fixed
        .map(
          (f) =>
            `"${f.term}" → ${Object.entries(f.translations)
              .map(([c, t]) => `${c}: "${t}"`)
              .join(', ')}`,
        )
        .join('; ')}.`,
    );
  }
  return lines;
}

/**
 * Prefix, then (under moderation) the moderation rule, then the server's style. A batch under
 * moderation asks a verdict for each of its messages.
 */
export function systemInstruction(
  tone: 'casual' | 'formal' | PromptStyle,
  batch = false,
  moderate = false,
): string {
  const style = typeof tone === 'string' ? { tone } : tone;
  const moderation = !moderate
    ? []
    : batch
      ? [
          MODERATION_RULE,
          'Judge each message on its own: its moderation object goes in its item, beside "source" and "translations".',
        ]
      : [MODERATION_RULE, 'The moderation object goes beside "source" and "translations".'];
  return [batch ? BATCH_PREFIX : SINGLE_PREFIX, ...moderation, ...styleLines(style)].join('\n');
}

/** The user turn for one message. */
export function userMessage(input: PromptInput): string {
  return JSON.stringify({
    text: input.text,
    targets: input.targets,
    source: input.source,
    context: input.context,
    ...(input.moderate ? { moderate: true } : {}),
  });
}

/** The user turn for a batch: items keep their own placeholders. */
export function batchMessage(input: {
  items: { id: string; text: string; source: string | null }[];
  targets: string[];
  context: string[];
  /** A verdict is asked for each message. */
  moderate?: boolean;
}): string {
  // One source for all (the usual case) is said once.
  const sources = new Set(input.items.map((i) => i.source));
  const shared = sources.size === 1 ? [...sources][0] : undefined;
  return JSON.stringify({
    messages: input.items.map((i) => (shared === undefined ? i : { id: i.id, text: i.text })),
    targets: input.targets,
    ...(shared !== undefined ? { source: shared } : {}),
    context: input.context,
    ...(input.moderate ? { moderate: true } : {}),
  });
}

/** A message that is not translated: only the verdict (and its language). */
export function classifyInstruction(): string {
  return [
    'You moderate chat messages of a Discord server. The user message is JSON; judge its "text".',
    MODERATION_RULE,
    'Answer with JSON only: {"source": "<ISO 639-1 code of the text>", "moderation": {...}}.',
  ].join('\n');
}

export function classifyMessage(text: string): string {
  return JSON.stringify({ text, targets: [], moderate: true });
}
